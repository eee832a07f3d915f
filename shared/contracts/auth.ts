import * as v from 'valibot';
import { instant, optText, ref, rowId } from './platform';

/** The roles of a signed-in user (`role` of GET /me): root, the admin profile, any other profile. */
export const ROLES = ['root', 'admin', 'staff'] as const;
export type Role = (typeof ROLES)[number];

/** A mark beside a menu label (seed 000 §3 Navigation item: badge title, bg, fg). */
export type NavBadge = { title: string; bg?: string; fg?: string };

/** A menu entry of `GET /me` (seed 000, Layout chrome: group, collapse, item, link, divider; §3
 * Navigation item: id, title, translate, type, icon, url, auth, badge, children, exact, target). */
export type NavigationItem = {
  id: string;
  title: string;
  translate: Record<string, string>;
  type: 'group' | 'collapse' | 'item' | 'link' | 'divider';
  icon: string;
  url?: string;
  root?: boolean;
  edit?: boolean;
  /** The roles the entry is for (seed 000 §2 Route guard, compared with the user's `role`):
   * ['root'] for a root-only module, every role otherwise (the profile's `see` right on the
   * module decides beyond the role); a group or collapse: the roles of what it holds. */
  auth: Role[];
  /** The mark beside the label, or null: no module carries one yet. */
  badge: NavBadge | null;
  /** Highlighted only on its own address, not on the addresses below it: only the root '/'. */
  exact: boolean;
  /** Where the entry opens: '_self' for an item (a screen of the app), '_blank' for a link (an
   * external address), null for what opens nothing (group, collapse, divider). */
  target: '_self' | '_blank' | null;
  children?: NavigationItem[];
};

/** The menu languages (seed 000 §3 lists en, tr and ar; Spanish, the language of the screens, is
 * added and is the default: issue 13, item 23). Ids are stored on the user (`id_language`). */
export const LANGUAGES = [
  { id: 4, key: 'es', name: 'Español', pic: '/flags/es.svg' },
  { id: 1, key: 'en', name: 'English', pic: '/flags/en.svg' },
  { id: 2, key: 'tr', name: 'Türkçe', pic: '/flags/tr.svg' },
  { id: 3, key: 'ar', name: 'العربية', pic: '/flags/ar.svg' },
] as const;

// The reply schemas of sign-in, the session, the signed-in user and its notifications
// (seed 000 §3, §7), and the types the web reads.

/** A new session (sign-in, 'login as'): the token and who it belongs to. */
export const signInReply = v.object({ token: v.string(), id: rowId(), name: v.string(), surname: v.string(), pic: optText(), ro_name: v.string() });

export const captchaReply = v.object({
  challenge: v.object({ algorithm: v.string(), challenge: v.string(), maxnumber: v.number(), salt: v.string(), signature: v.string() }),
});

/** A menu entry of the three-level menu (seed 000, Layout chrome): groups hold collapses and
 * items, collapses hold items; items, links (an external address) and dividers have no children.
 * Typed by the menu builder's own type (auth/navigation.ts). */
export const navigationItem: v.GenericSchema<NavigationItem> = v.object({
  id: v.string(),
  title: v.string(),
  translate: v.record(v.string(), v.string()),
  type: v.picklist(['group', 'collapse', 'item', 'link', 'divider']),
  icon: v.string(),
  url: v.optional(v.string()),
  root: v.optional(v.boolean()),
  edit: v.optional(v.boolean()),
  auth: v.array(v.picklist(ROLES)),
  badge: v.nullable(v.object({ title: v.string(), bg: v.optional(v.string()), fg: v.optional(v.string()) })),
  exact: v.boolean(),
  target: v.nullable(v.picklist(['_self', '_blank'])),
  children: v.optional(v.array(v.lazy(() => navigationItem))),
});

/** The signed-in user (auth/me.ts signedInUser). */
export const signedInUser = v.object({
  role: v.array(v.picklist(ROLES)),
  data: v.object({
    id: rowId(),
    displayName: v.string(),
    email: optText(),
    pic: optText(),
    language: v.picklist(LANGUAGES.map((l) => l.key)),
    ro_name: v.string(),
    settings: v.record(v.string(), v.unknown()),
    shortcuts: v.array(v.string()),
  }),
  id_obra: ref(),
  can_approve_requests: v.boolean(),
  can_create_request: v.boolean(),
  horometros: v.boolean(),
  menu_collapsed: v.boolean(),
  home: v.string(),
  login_as: v.boolean(),
  is_admin: v.boolean(),
  is_root: v.boolean(),
  navigation: v.array(navigationItem),
  languages: v.array(v.object({ id: rowId(), key: v.string(), name: v.string(), pic: v.string() })),
});

export const meReply = v.object({ user: signedInUser });
export const verifyReply = v.object({ token: v.string(), user: signedInUser });
export const passwordChangedReply = v.object({ cambiar_clave_generica: v.boolean() });
export const recoveredReply = v.object({ base_dir: v.string() });
export const signatureReply = v.object({ pic: v.string() });

export const notificationsReply = v.object({
  notificaciones: v.array(v.object({ id: rowId(), estado: v.string(), contenido: v.string(), fecha_creado: instant() })),
  no_leidas: v.number(),
});
export const notificationSentReply = v.object({ id: rowId() });

export type CaptchaChallenge = v.InferOutput<typeof captchaReply>['challenge'];
export type SignInReply = v.InferOutput<typeof signInReply>;
export type SignedInUser = v.InferOutput<typeof signedInUser>;
export type Notification = v.InferOutput<typeof notificationsReply>['notificaciones'][number];
