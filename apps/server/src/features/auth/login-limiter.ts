/**
 * Counts failed logins per client IP in a fixed window. After `max` failures the IP is
 * refused until the window ends, whatever the password (foundation §5: login is rate-limited
 * per IP). In memory: one process serves the site, and a restart forgiving everyone is fine.
 */
export class LoginLimiter {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();
  constructor(
    readonly max = 5,
    readonly windowMs = 15 * 60 * 1000,
  ) {}

  /** Milliseconds until `ip` may try again, or 0 when it may try now. */
  blockedFor(ip: string, now = Date.now()): number {
    const f = this.failures.get(ip);
    if (!f || f.resetAt <= now) return 0;
    return f.count >= this.max ? f.resetAt - now : 0;
  }

  fail(ip: string, now = Date.now()): void {
    const f = this.failures.get(ip);
    if (!f || f.resetAt <= now) this.failures.set(ip, { count: 1, resetAt: now + this.windowMs });
    else f.count++;
    if (this.failures.size > 100_000) this.prune(now);
  }

  succeed(ip: string): void {
    this.failures.delete(ip);
  }

  private prune(now: number): void {
    for (const [k, f] of this.failures) if (f.resetAt <= now) this.failures.delete(k);
  }
}
