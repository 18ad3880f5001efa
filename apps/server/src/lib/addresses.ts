import { BlockList, isIP } from "node:net";

/**
 * The names proxy-addr (Fastify's trustProxy) knows, as ranges, so `TRUST_PROXY` and
 * `METRICS_ALLOW` accept the same words.
 */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/**
 * A test of client addresses against a list of addresses, CIDR ranges and the names above
 * (`loopback`, `linklocal`, `uniquelocal`). IPv4-mapped IPv6 addresses (`::ffff:127.0.0.1`,
 * as a dual-stack socket reports them) match as their IPv4 form. Throws on an entry that is
 * none of these (config.ts validates the variables first).
 */
export function addressMatcher(entries: readonly string[]): (address: string | undefined) => boolean {
  const list = new BlockList();
  for (const raw of entries.flatMap((e) => NAMED_RANGES[e.trim()] ?? [e.trim()])) {
    if (!raw) continue;
    const [addr, bits] = raw.split("/") as [string, string | undefined];
    const family = isIP(addr);
    if (family === 0) throw new Error(`not an address or range: ${raw}`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(bits), type);
  }
  return (address) => {
    if (!address) return false;
    const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 4 ? "ipv4" : "ipv6");
  };
}
