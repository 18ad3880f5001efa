import type { LimiterStore, LimitSpec } from "../../lib/limiter.js";

/**
 * Failed logins one IP may make in a window, across every email. Generous, because a LAN
 * event puts a room of players behind one address; an attacker still gets at most this many
 * guesses per window from it. Behind a proxy the IP is the client's only when TRUST_PROXY is
 * set (config.ts), otherwise every visitor would share the proxy's budget.
 */
export const LOGIN_IP_MAX_FAILURES = 50;

/** Failures for one account, from anywhere, before each further one adds a growing wait. */
export const LOGIN_ACCOUNT_FREE_FAILURES = 5;

/** The longest wait one account's failures impose (15 minutes). */
export const LOGIN_MAX_DELAY_MS = 15 * 60 * 1000;

const WINDOW_SEC = 15 * 60;

/** The counter families of the login limits (names are keys in a shared store). */
export const LOGIN_LIMITS = {
  ipAccount: { name: "login_ip_account", points: 5, durationSec: WINDOW_SEC },
  ip: { name: "login_ip", points: LOGIN_IP_MAX_FAILURES, durationSec: WINDOW_SEC },
  // Failures per account from every IP in the last hour; never refuses by itself.
  account: { name: "login_account", points: 1_000_000, durationSec: 3600 },
  // A block of a few seconds to 15 minutes after each failure past the free ones.
  delay: { name: "login_delay", points: 1, durationSec: 1 },
} as const satisfies Record<string, LimitSpec>;

/**
 * Counts failed logins (foundation §5, issue #15 §4) and answers how long a login must wait:
 * - per IP and account (the email, trimmed and lower-cased): after 5 failures that account is
 *   refused from that IP until its 15-minute window ends, whatever the password. A success
 *   clears this key, so a user who mistypes and then gets it right starts afresh;
 * - per IP: after LOGIN_IP_MAX_FAILURES failures, across every email, the IP is refused for
 *   everything until its window ends. A success never clears it: otherwise an attacker holding
 *   one account could guess 4 passwords of another, log into their own to reset the count,
 *   and repeat for ever;
 * - per account, from every IP: after LOGIN_ACCOUNT_FREE_FAILURES failures in an hour, each
 *   further failure makes the account wait 1 s, 2 s, 4 s, … up to 15 minutes before the next
 *   try, so guessing from many addresses gets slower and slower. A success clears it.
 * The counters live in a `LimiterStore`: memory for one process, shared when several run.
 */
export class LoginLimiter {
  constructor(private readonly store: LimiterStore) {}

  /** Milliseconds until `ip` may try to log into `email` again, or 0 when it may try now. */
  async blockedFor(ip: string, email: string): Promise<number> {
    const account = accountKey(email);
    const [ipRes, pairRes, delayRes] = await Promise.all([
      this.store.limiter(LOGIN_LIMITS.ip).get(ip),
      this.store.limiter(LOGIN_LIMITS.ipAccount).get(pairKey(ip, email)),
      this.store.limiter(LOGIN_LIMITS.delay).get(account),
    ]);
    const wait = (res: typeof ipRes, max: number) => (res && res.consumedPoints >= max ? res.msBeforeNext : 0);
    return Math.max(
      wait(ipRes, LOGIN_LIMITS.ip.points),
      wait(pairRes, LOGIN_LIMITS.ipAccount.points),
      wait(delayRes, LOGIN_LIMITS.delay.points + 1),
    );
  }

  /** Records a failed login for `email` from `ip` on every key; past the free failures, blocks the account for a while. */
  async fail(ip: string, email: string): Promise<void> {
    const account = accountKey(email);
    const [, , res] = await Promise.all([
      this.store.limiter(LOGIN_LIMITS.ip).penalty(ip),
      this.store.limiter(LOGIN_LIMITS.ipAccount).penalty(pairKey(ip, email)),
      this.store.limiter(LOGIN_LIMITS.account).penalty(account),
    ]);
    const over = res.consumedPoints - LOGIN_ACCOUNT_FREE_FAILURES;
    if (over > 0) {
      const delayMs = Math.min(1000 * 2 ** (over - 1), LOGIN_MAX_DELAY_MS);
      await this.store.limiter(LOGIN_LIMITS.delay).block(account, Math.ceil(delayMs / 1000));
    }
  }

  /** Forgets the failures of this account (from this IP and overall); the IP's own budget runs out only with time. */
  async succeed(ip: string, email: string): Promise<void> {
    const account = accountKey(email);
    await Promise.all([
      this.store.limiter(LOGIN_LIMITS.ipAccount).delete(pairKey(ip, email)),
      this.store.limiter(LOGIN_LIMITS.account).delete(account),
      this.store.limiter(LOGIN_LIMITS.delay).delete(account),
    ]);
  }
}

// A newline cannot occur in an IP address, so keys never collide.
const accountKey = (email: string) => email.trim().toLowerCase();
const pairKey = (ip: string, email: string) => `${ip}\n${accountKey(email)}`;
