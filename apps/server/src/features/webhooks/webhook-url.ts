import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { promisify } from "node:util";
import ipaddr from "ipaddr.js";
import { WEBHOOK_MESSAGES, type WebhookFormat } from "@site/contract";
import { badRequest } from "../../lib/errors.js";

/**
 * Where a webhook may point (issue #20 §5 safety, SSRF). By default only https URLs whose host
 * resolves to public unicast addresses only: a hook must not make the server call its own
 * network (127.0.0.0/8, 10/8, 172.16/12, 192.168/16, 169.254/16 link-local and the cloud
 * metadata address, 100.64/10, ::1, fc00::/7, fe80::/10, multicast, reserved, IPv4 embedded in
 * IPv6 by mapping, NAT64, 6to4 or Teredo). The check runs when a hook is registered and again
 * on every delivery, at connect time (`guardedLookup`), so a name that resolves publicly at
 * registration and privately later (DNS rebinding) is refused when it matters.
 * `WEBHOOK_ALLOW_PRIVATE=1` lifts the address and https rules (tests, development).
 */

/** True when `address` (IPv4 or IPv6 text) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // process() turns an IPv4-mapped IPv6 address into its IPv4 address, so ::ffff:127.0.0.1 is loopback.
  const ip = ipaddr.process(address);
  return ip.range() === "unicast";
}

const DISCORD_HOSTS = new Set(["discord.com", "discordapp.com", "ptb.discord.com", "canary.discord.com"]);

/** A Discord execute-webhook URL: https://discord.com/api/webhooks/<id>/<token> (or discordapp.com, ptb., canary.). */
export function isDiscordWebhookUrl(url: URL): boolean {
  return (
    url.protocol === "https:" &&
    DISCORD_HOSTS.has(url.hostname.toLowerCase()) &&
    /^\/api\/(v\d+\/)?webhooks\/\d+\/[\w-]+\/?$/.test(url.pathname)
  );
}

/**
 * Checks a URL's shape for a hook of `format` (no DNS): a valid http(s) URL without user
 * info; https unless `allowPrivate`; the Discord format only on Discord webhook URLs.
 * Throws 400 with the message the form shows. Returns the parsed URL.
 */
export function checkWebhookUrlShape(raw: string, format: WebhookFormat, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest(WEBHOOK_MESSAGES.invalidUrl, { code: "webhooks.invalid_url" });
  }
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:"))
    throw badRequest(WEBHOOK_MESSAGES.https, { code: "webhooks.https" });
  if (url.username || url.password) throw badRequest(WEBHOOK_MESSAGES.invalidUrl, { code: "webhooks.invalid_url" });
  if (format === "discord" && !allowPrivate && !isDiscordWebhookUrl(url))
    throw badRequest(WEBHOOK_MESSAGES.discordOnly, { code: "webhooks.discord_only" });
  return url;
}

const lookupAll = promisify(dnsLookup);

/** The addresses a host name resolves to (an IP literal resolves to itself). */
export async function resolveHost(hostname: string): Promise<string[]> {
  const host = hostname.replace(/^\[|\]$/g, "");
  if (ipaddr.isValid(host)) return [host];
  const found = (await lookupAll(host, { all: true, verbatim: true })) as unknown as LookupAddress[];
  return found.map((a) => a.address);
}

/**
 * The registration check: shape, then every address the host resolves to must be public
 * (unless `allowPrivate`). 400 'must point to a public internet address' or 'could not be found'.
 */
export async function checkWebhookUrl(raw: string, format: WebhookFormat, allowPrivate: boolean): Promise<URL> {
  const url = checkWebhookUrlShape(raw, format, allowPrivate);
  if (allowPrivate) return url;
  let addresses: string[];
  try {
    addresses = await resolveHost(url.hostname);
  } catch {
    throw badRequest(WEBHOOK_MESSAGES.unresolvable, { code: "webhooks.unresolvable" });
  }
  if (addresses.length === 0) throw badRequest(WEBHOOK_MESSAGES.unresolvable, { code: "webhooks.unresolvable" });
  if (!addresses.every(isPublicAddress)) throw badRequest(WEBHOOK_MESSAGES.privateAddress, { code: "webhooks.private_address" });
  return url;
}

/** The error a delivery records when the host resolved to a refused address at connect time. */
export class PrivateAddressError extends Error {
  constructor(address: string) {
    super(`refused address ${address}`);
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for node:http(s) requests that resolves the host and refuses the connection when
 * any address is not public (unless `allowPrivate`): the socket connects only to an address
 * this function checked, so DNS cannot change between the check and the connection.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const bad = addresses.find((a) => !isPublicAddress(a.address));
      if (bad && !allowPrivate) return callback(new PrivateAddressError(bad.address) as NodeJS.ErrnoException, []);
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), []);
      callback(null, first.address, first.family);
    });
  };
}
