import js from "@eslint/js";
import lingui from "eslint-plugin-lingui";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Layers of the web app (apps/web/src), imports pointing down only:
 *   app (routes, layout, providers)  →  features/<name>  →  components, lib, hooks, config
 * - components, lib, hooks and config never import features or app;
 * - features never import app;
 * - a feature uses another feature only through that feature's `api/` folder (its fetchers,
 *   queryOptions factories and query/mutation hooks: `@/features/<other>/api/...`), never its
 *   components, hooks, utils or styles. Screens that combine several features' components are
 *   composed in app/ (routes pass slots or gates down). Inside its own feature a module imports
 *   relatively (`./x`, `../api/x`), so any `@/features/<name>/<not api>` import is another
 *   feature's internals, and a relative import may not climb out of its feature (`../../`);
 * - query keys are built by key factories only (`features/<name>/api/keys.ts`; the shared widgets'
 *   in `components/ui/api/keys.ts`): no-restricted-syntax refuses an array literal as a query key
 *   anywhere else (a `queryKey` property or variable, the key argument of get/setQueryData).
 * typescript-eslint's no-restricted-imports (ESLint's rule and options, type imports included),
 * so the web's own no-restricted-imports above (no server code) stays as it is.
 */
const WEB = "apps/web/src";
const BELOW_FEATURES = "components, lib, hooks and config sit below features and app: never import them.";
const QUERY_KEY_LITERAL =
  "No literal query key: build it with the feature's key factory (features/<name>/api/keys.ts; another feature's through its api/keys).";
const webLayers = [
  {
    files: [`${WEB}/components/**/*.{ts,tsx}`, `${WEB}/lib/**/*.{ts,tsx}`, `${WEB}/hooks/**/*.{ts,tsx}`, `${WEB}/config/**/*.{ts,tsx}`],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^@/(features|app)(/|$)", message: BELOW_FEATURES },
            { regex: "^(\\.\\./)+(features|app)(/|$)", message: BELOW_FEATURES },
          ],
        },
      ],
    },
  },
  {
    files: [`${WEB}/features/**/*.{ts,tsx}`],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^@/app(/|$)", message: "Features never import app/: compose the screen in app/ instead." },
            {
              regex: "^@/features/[^/]+(/(?!api/).*)?$",
              message: "Reach another feature only through its api/ (@/features/<name>/api/...); inside a feature, import relatively.",
            },
            { regex: "^(\\.\\./){2,}", message: "A relative import stays inside its feature; import other layers through @/." },
          ],
        },
      ],
    },
  },
  {
    // Query keys come from the key factories only (`<feature>/api/keys.ts`, `components/ui/api/keys.ts`),
    // so a prefix invalidation and the reads it must reach cannot drift apart.
    files: [`${WEB}/**/*.{ts,tsx}`],
    ignores: [`${WEB}/**/api/keys.ts`],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          "Property[key.name='queryKey'] > ArrayExpression",
          "Property[key.name='queryKey'] > TSAsExpression > ArrayExpression",
          "VariableDeclarator[id.name=/[qQ]ueryKey$/] > ArrayExpression",
          "VariableDeclarator[id.name=/[qQ]ueryKey$/] > TSAsExpression > ArrayExpression",
          "CallExpression[callee.property.name=/^(get|set|ensure)QueryData$|^(getQueryState|getQueriesData|setQueriesData)$/] > ArrayExpression:first-child",
        ].map((selector) => ({ selector, message: QUERY_KEY_LITERAL })),
        {
          // The browser's `@site/contract` is zod-free (apps/web/light-contract.ts, #17 §6): a schema
          // used at run time comes from `@site/contract/schemas`, in the lazily loaded code that needs it.
          selector:
            "ImportDeclaration[source.value='@site/contract'][importKind!='type'] > ImportSpecifier[importKind!='type'][imported.name=/Schema$/]",
          message: "Import run-time schemas from '@site/contract/schemas' (the browser's '@site/contract' has no zod); types may stay.",
        },
      ],
    },
  },
];

/**
 * Screens translated under #21 (docs/i18n.md "How to translate a screen"): a literal a person
 * would read (JSX text, a label, title, placeholder or aria-label, a string handed to a
 * component) is an error here; it belongs in src/locales/<area>/en.json and reaches the screen through
 * `useT()` / `<Trans>`. Grow this list as screens are translated; never shrink it. A whole folder
 * may be listed as a glob ("features/rounds/" followed by "**" and "/*.tsx") once every file in it is translated.
 */
const TRANSLATED = [
  "app/layout/app-shell.tsx",
  "app/layout/site-header.tsx",
  "app/layout/site-footer.tsx",
  "app/routes/home.tsx",
  "app/routes/not-found.tsx",
  "app/routes/route-error.tsx",
  "app/routes/auth/login.tsx",
  "app/routes/auth/signup.tsx",
  "app/routes/auth/forgot-password.tsx",
  "app/routes/auth/reset-password.tsx",
  "components/ui/failure-panel.tsx",
  "components/ui/loading.tsx",
  "features/session/components/account-menu.tsx",
  "features/session/components/user-menu.tsx",
  "features/session/components/theme-chooser.tsx",
  "features/session/components/language-switch.tsx",
  "features/session/components/login-form.tsx",
  "features/session/components/signup-form.tsx",
  "features/session/components/forgot-password-form.tsx",
  "features/session/components/reset-password-form.tsx",
  "features/media/components/news-panel.tsx",
  "features/media/components/media-panel.tsx",
  "features/registry/components/newest-players-panel.tsx",
  "features/registry/components/newest-teams-panel.tsx",
  "features/registry/components/recent-transfers-panel.tsx",
  "features/tournaments/components/latest-results-panel.tsx",
  "features/tournaments/components/latest-tournaments-panel.tsx",
  "features/tournaments/components/tournament-page.tsx",
  "app/routes/tournaments/tournament.tsx",
  "features/registrations/components/registration-form.tsx",
  "features/registrations/components/mii-name-hint.tsx",
  "components/ui/back-to-tournament.tsx",
  "components/ui/badge-group.tsx",
  "features/session/components/language-panel.tsx",
  "app/routes/registry/edit-profile.tsx",
  "features/tournaments/components/tournament-schedule.tsx",
  // -- translated: registrations (one block per area, so screens are added side by side)
  "features/registrations/components/registration-status.tsx",
  "features/registrations/components/squad-page.tsx",
  "features/registrations/components/squad-table.tsx",
  "features/registrations/components/player-table.tsx",
  "features/registrations/components/registrations-list.tsx",
  "features/registrations/components/waitlist-panel.tsx",
  "features/registrations/components/verify-button.tsx",
  "features/registrations/components/bulk-table.tsx",
  "features/registrations/components/bulk-add.tsx",
  "features/registrations/components/manual-register.tsx",
  "features/registrations/components/admin-register-squad-player.tsx",
  "features/team-registrations/components/team-status.tsx",
  "features/team-registrations/components/team-register.tsx",
  "features/team-registrations/components/team-registrations-list.tsx",
  "features/team-registrations/components/eligible-players.tsx",
  "app/routes/tournaments/registrations.tsx",
  "app/routes/tournaments/team-registrations.tsx",
  "app/routes/tournaments/registration-block.tsx",
  // -- translated: rounds and placements (one block per area, so screens are added side by side)
  "features/rounds/components/labels.ts",
  "features/rounds/components/live-standings.ts",
  "features/rounds/components/your-room.tsx",
  "features/rounds/components/round-page.tsx",
  "features/rounds/components/rounds-overview.tsx",
  "features/rounds/components/room-card.tsx",
  "features/rounds/components/live-board.tsx",
  "features/rounds/components/overlays.tsx",
  "features/rounds/components/table-entry.tsx",
  "features/rounds/components/room-tools.tsx",
  "features/rounds/components/close-round-panel.tsx",
  "features/rounds/components/draft-editor.tsx",
  "features/rounds/components/dialog.tsx",
  "features/rounds/components/points-tables-admin.tsx",
  "app/routes/tournaments/rounds.tsx",
  "app/routes/tournaments/live.tsx",
  "app/routes/overlay/overlays.tsx",
  "app/routes/admin/points-tables.tsx",
  "features/placements/components/placements-view.tsx",
  "features/placements/components/placements-editor.tsx",
  "app/routes/tournaments/placements.tsx",
  // -- translated: tournaments and series (one block per area, so screens are added side by side)
  "features/tournaments/components/tournament-listing.tsx",
  "features/tournaments/components/tournament-card.tsx",
  "features/tournaments/components/registered-mark.tsx",
  "features/tournaments/components/my-tournaments.tsx",
  "features/tournaments/components/tournament-controls.tsx",
  "features/tournaments/components/tournament-logs.tsx",
  "features/tournaments/components/tournament-form.tsx",
  "features/tournaments/components/schedule-fields.tsx",
  "features/tournaments/components/choose-template.tsx",
  "features/tournaments/components/tournament-proposals.tsx",
  "features/calendar/components/personal-feed.tsx",
  "app/routes/tournaments/list.tsx",
  "app/routes/tournaments/mine.tsx",
  "app/routes/tournaments/controls.tsx",
  "app/routes/tournaments/logs.tsx",
  "app/routes/tournaments/tournament-edit.tsx",
  "app/routes/tournaments/choose-template.tsx",
  "app/routes/tournaments/propose.tsx",
  "app/routes/tournaments/tournament-screen.tsx",
  "app/routes/admin/tournament-proposals.tsx",
  "features/series/components/series-listing.tsx",
  "features/series/components/series-card.tsx",
  "features/series/components/series-detail.tsx",
  "features/series/components/series-stats.tsx",
  "features/series/components/series-standings.tsx",
  "features/series/components/series-adjustments.tsx",
  "features/series/components/series-form.tsx",
  "features/series/components/series-points-form.tsx",
  "features/series/components/series-roles.tsx",
  "features/templates/components/template-list.tsx",
  "features/templates/components/template-form.tsx",
  "app/routes/tournaments/series-list.tsx",
  "app/routes/tournaments/series-detail.tsx",
  "app/routes/tournaments/series-edit.tsx",
  "app/routes/tournaments/series-roles.tsx",
  "app/routes/tournaments/series-templates.tsx",
  "app/routes/tournaments/template-edit.tsx",
  // -- translated: players (one block per area, so screens are added side by side)
  "features/players/components/player-profile.tsx",
  "features/players/components/profile-form.tsx",
  "features/players/components/edit-own-profile.tsx",
  "features/players/components/fc-conflict-dialog.tsx",
  "features/players/components/admin-edit-player.tsx",
  "features/players/components/shadow-player-form.tsx",
  "features/players/texts.ts",
  "features/players/api/save-profile.ts",
  "features/registry/components/player-list.tsx",
  "features/registry/components/transfer-list.tsx",
  "app/routes/registry/players.tsx",
  "app/routes/registry/player.tsx",
  "app/routes/registry/player-edit.tsx",
  "app/routes/registry/recent-transactions.tsx",
  "app/routes/registry/profile-changes.tsx",
  // -- translated: teams (one block per area, so screens are added side by side)
  "features/teams/components/team-page.tsx",
  "features/teams/components/team-roster.tsx",
  "features/teams/components/team-results.tsx",
  "features/teams/components/team-transfers.tsx",
  "features/teams/components/team-actions.tsx",
  "features/teams/components/team-manage-panel.tsx",
  "features/teams/components/my-invitations.tsx",
  "features/teams/components/confirm-leave-dialog.tsx",
  "features/teams/components/team-form.tsx",
  "features/teams/components/team-edit-page.tsx",
  "features/teams/components/new-team-page.tsx",
  "features/teams/components/shadow-team-form.tsx",
  "features/teams/components/team-claims-panel.tsx",
  "features/teams/components/team-list-actions.tsx",
  "features/teams/components/team-logo.tsx",
  "features/teams/components/roster-messages.ts",
  "features/teams/api/team-labels.ts",
  "features/registry/components/team-list.tsx",
  "app/routes/registry/teams.tsx",
  "app/routes/registry/team.tsx",
  "app/routes/registry/team-edit.tsx",
  "app/routes/registry/team-admin-edit.tsx",
  "app/routes/registry/new-team.tsx",
  "app/routes/registry/shadow-team.tsx",
  "app/routes/registry/team-approvals.tsx",
  // -- translated: admin (one block per area, so screens are added side by side)
  "features/notifications/components/notifications-page.tsx",
  "app/routes/notifications.tsx",
  "features/media/components/news-post.tsx",
  "features/media/components/media-link.tsx",
  "features/media/components/news-form.tsx",
  "features/media/components/media-admin.tsx",
  "features/media/components/media-item-admin-list.tsx",
  "features/media/components/media-item-form.tsx",
  "app/routes/news/post.tsx",
  "app/routes/news/list.tsx",
  "app/routes/news/edit.tsx",
  "app/routes/admin/media.tsx",
  "features/moderation/components/news-list.tsx",
  "features/moderation/components/news-editor.tsx",
  "features/moderation/components/profile-changes.tsx",
  "features/moderation/components/team-moderation.tsx",
  "features/moderation/components/bans.tsx",
  "features/admin/components/roles.tsx",
  "features/admin/components/word-filter.tsx",
  "features/admin/components/audit-log.tsx",
  "app/routes/admin/roles.tsx",
  "app/routes/admin/word-filter.tsx",
  "app/routes/admin/bans.tsx",
  "app/routes/admin/audit.tsx",
  "features/webhooks/components/webhooks-screen.tsx",
  "app/routes/webhooks.tsx",
  // -- translated: ui and session (one block per area, so screens are added side by side)
  "components/ui/confirm-dialog.tsx",
  "components/ui/pager.tsx",
  "components/ui/query-state.tsx",
  "components/ui/toast.tsx",
  "components/ui/search-form.tsx",
  "components/ui/sort-header.tsx",
  "components/ui/tab-bar.tsx",
  "components/ui/table-scroll.tsx",
  "components/ui/dropdown.tsx",
  "components/ui/menu-selector.tsx",
  "components/ui/move-menu.tsx",
  "components/ui/filtered-empty.tsx",
  "components/ui/no-profile.tsx",
  "components/ui/local-time.tsx",
  "components/ui/date-range-label.tsx",
  "components/ui/calendar-subscribe.tsx",
  "components/ui/player-select.tsx",
  "components/ui/tournament-picker/tournament-picker.tsx",
  "components/ui/logo-choice.tsx",
  "components/ui/medal-table.tsx",
  "components/ui/medal.tsx",
  "components/ui/placement-label.tsx",
  "components/ui/appearance-table.tsx",
  "components/ui/transfer-row.tsx",
  "components/ui/link-button.tsx",
  "components/ui/location-link.tsx",
  "components/ui/flag.tsx",
  "components/ui/panel.tsx",
  "components/ui/player-name.tsx",
  "components/ui/team-tag.tsx",
  "components/ui/text-field.tsx",
  "components/ui/select-field.tsx",
  "components/ui/generated-art.tsx",
  "components/ui/row-icon.tsx",
  "components/form/form-fields.tsx",
  "components/form/submit-button.tsx",
  "components/form/event-fields.tsx",
  "components/form/utc-time-preview.tsx",
  "features/session/components/require-permission.tsx",
  "features/session/components/verify-email-status.tsx",
  "app/routes/auth/verify-email.tsx",
  "features/home/components/home-layout.tsx",
  "app/layout/overlay-frame.tsx",
  "components/ui/bulk-selection.tsx",
  "components/ui/markdown-editor/markdown-editor.tsx",
  "components/ui/color-select.tsx",
].map((f) => `${WEB}/${f}`);
const noLiteralText = {
  files: TRANSLATED,
  plugins: { lingui },
  rules: {
    "lingui/no-unlocalized-strings": [
      "error",
      {
        // Message ids ("home.news.title") and technical strings: CSS classes, test ids, routes.
        ignore: ["^[a-z][a-zA-Z]*(\\.[a-zA-Z_]+)+$", "^[a-z0-9-]+(__[a-z0-9-]+)?(--[a-z0-9-]+)?( [a-z0-9_-]+)*$", "^/"],
        ignoreFunctions: [
          "_",
          "useT",
          "console.*",
          "Error",
          "setFocus",
          "register",
          "lazyPart",
          "Symbol",
          "*.querySelector",
          "*.querySelectorAll",
          "*.closest",
        ],
        ignoreNames: [
          {
            regex: {
              pattern: "^(className|testId|data-testid|to|href|rel|target|type|autoComplete|role|id|key|kind|name|method|at|permission)$",
            },
          },
          { regex: { pattern: "^[A-Z_]+$" } },
        ],
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", "data/**", "bench-results/**", ".e2e/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The web never imports server code; the contract is the only shared package.
    files: ["apps/web/**/*.{ts,tsx}", "packages/contract/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: ["**/apps/server/**", "@site/server"] }] },
  },
  {
    // Server layering (docs/architecture.md): lib/ and db/ never reach into features; a feature
    // reaches another feature only through its service (never its repository or routes, but for
    // types). Feature cycles are refused by test/architecture.test.ts.
    files: ["apps/server/src/lib/**/*.ts", "apps/server/src/db/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/features/**"], message: "lib/ and db/ sit below the features." }] }],
    },
  },
  {
    files: ["apps/server/src/features/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["../*/*.repository.js", "../*/*.routes.js"],
              allowTypeImports: true,
              message: "Reach another feature through its service; its repository and routes are its own.",
            },
          ],
        },
      ],
    },
  },
  // Web layering (see webLayers above).
  ...webLayers,
  // Translated screens refuse literal text (#21, see TRANSLATED above).
  noLiteralText,
);
