import type { FastifyInstance } from "fastify";
import { playerEndpoints as e, registryEndpoints } from "@site/contract";
import { PUBLIC_LIST_CACHE_CONTROL } from "../../lib/cache.js";
import { acceptJsonOrMultipart, formFile, formFlag, formNumber } from "../../lib/form-body.js";
import { route } from "../../lib/route.js";
import * as save from "./player-save.service.js";
import * as players from "./players.service.js";

/** Profile form fields (000 §3) that are numbers or flags once a multipart form is read. */
const NUMBER_FIELDS = new Set(["border_color", "user_id", "background"]);
const FLAG_FIELDS = new Set(["shadow", "no_account", "override_fc_warning", "delete_background", "is_hidden"]);
/** The CSRF token travels in the header too; its form fields are not profile fields. */
const SKIPPED_FIELDS = new Set(["csrf_token", "_token"]);

/** The profile form's multipart text fields as the JSON body of the profile saves. */
function profileFormBody(fields: Record<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (SKIPPED_FIELDS.has(name)) continue;
    const typed = NUMBER_FIELDS.has(name) ? formNumber(value) : FLAG_FIELDS.has(name) ? formFlag(value) : value;
    if (typed !== undefined) body[name] = typed;
  }
  return body;
}

/** The player registry calls (000 §7): list, picker, profile, own save and staff save. */
export async function playerRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  // Both profile saves take the spec's multipart form (000 §7) with the background file in the
  // same request (8MB, 000 §8), or JSON with an uploaded background's id.
  acceptJsonOrMultipart(app, {
    endpoints: [e.editProfile, e.adminSave],
    fileField: "background",
    purpose: "profile",
    what: "the profile form",
    form: "profile",
    toBody: profileFormBody,
  });
  route(app, registryEndpoints.players, async ({ req, query, reply }) => {
    const { actor } = await req.auth();
    // Staff see hidden players too, so their answer must not sit in a shared cache.
    reply.header("cache-control", players.isStaff(actor) ? "private, no-store" : PUBLIC_LIST_CACHE_CONTROL);
    return players.listPlayers(ctx, actor, query);
  });
  route(app, e.all, ({ query, reply }) => {
    reply.header("cache-control", PUBLIC_LIST_CACHE_CONTROL);
    return players.pickPlayers(ctx, query);
  });
  route(app, e.get, async ({ req, params, reply }) => {
    // The answer depends on who asks (hidden players, private tags) and changes on save.
    reply.header("cache-control", "private, no-cache");
    return players.getProfile(ctx, (await req.auth()).actor, params.id);
  });
  route(app, e.editProfile, async ({ req, body }) => save.saveOwnProfile(ctx, (await req.auth()).actor, body, formFile(req)));
  route(app, e.adminSave, async ({ req, params, body }) => save.adminSave(ctx, (await req.auth()).actor, params.id, body, formFile(req)));
}
