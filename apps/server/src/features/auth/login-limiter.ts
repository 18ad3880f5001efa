/**
 * Failed logins one IP may make in a window, across every email. Generous, because a LAN
 * event puts a room of players behind one address; an attacker still gets at most this many
 * guesses per window from it.
 */
export const LOGIN_IP_MAX_FAILURES = 50;

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Counts failed logins in fixed windows, on two keys (foundation §5: login is rate-limited per
 * IP), and answers how long a login must wait:
 * - per IP and account (the email, trimmed and lower-cased): after `max` failures that account
 *   is refused from that IP until its window ends, whatever the password. A successful login
 *   clears only this key, so a user who mistypes and then gets it right starts afresh;
 * - per IP: after `ipMax` failures, across every email, the IP is refused for everything until
 *   its window ends. A success never clears it: otherwise an attacker holding one account
 *   could guess `max - 1` passwords of another, log into their own to reset the count, and
 *   repeat for ever.
 * In memory: one process serves the site, and a restart forgiving everyone is fine.
 */
export class LoginLimiter {
  private readonly failures = new Map<string, Window>();
  constructor(
    readonly max = 5,
    readonly windowMs = 15 * 60 * 1000,
    readonly ipMax = LOGIN_IP_MAX_FAILURES,
  ) {}

  /** Milliseconds until `ip` may try to log into `email` again, or 0 when it may try now. */
  blockedFor(ip: string, email: string, now = Date.now()): number {
    return Math.max(this.wait(ipKey(ip), this.ipMax, now), this.wait(accountKey(ip, email), this.max, now));
  }

  /** Records a failed login for `email` from `ip` on both keys. */
  fail(ip: string, email: string, now = Date.now()): void {
    this.bump(ipKey(ip), now);
    this.bump(accountKey(ip, email), now);
    if (this.failures.size > 100_000) this.prune(now);
  }

  /** Forgets the failures of this account from this IP; the IP's own budget runs out only with time. */
  succeed(ip: string, email: string): void {
    this.failures.delete(accountKey(ip, email));
  }

  private wait(key: string, max: number, now: number): number {
    const f = this.failures.get(key);
    if (!f || f.resetAt <= now) return 0;
    return f.count >= max ? f.resetAt - now : 0;
  }

  private bump(key: string, now: number): void {
    const f = this.failures.get(key);
    if (!f || f.resetAt <= now) this.failures.set(key, { count: 1, resetAt: now + this.windowMs });
    else f.count++;
  }

  private prune(now: number): void {
    for (const [k, f] of this.failures) if (f.resetAt <= now) this.failures.delete(k);
  }
}

// A newline cannot occur in an IP address, so the two kinds of key never collide.
const ipKey = (ip: string) => `ip\n${ip}`;
const accountKey = (ip: string, email: string) => `account\n${ip}\n${email.trim().toLowerCase()}`;
