import { MSG_SAVED } from '@shared/messages';
import { randomBytes } from 'node:crypto';
import type { TransactionSql } from 'postgres';
import * as v from 'valibot';
import { execute, type CommandContext } from '../../../events/execute';
import { updateRecord } from '../../../events/record/commands';
import { users } from '../../../events/record/user';
import { enqueueMail } from '../../app/jobs/mail';
import { ApiError, VALIDATION_FAILED } from '../platform/api-error';
import { clientAddress } from '../platform/client-address';
import type { ApiDeps } from '../platform/deps';
import { int, REQUIRED, text, withRules, type InputRule } from '../platform/fields';
import { hashToken } from '../platform/principal';
import { defineRoute, type AnyRoute } from '../platform/route';
import { createCaptchaChallenge, verifyCaptcha } from './internal/captcha';
import { checkPasswordStrength, hashPassword, verifyPassword } from './internal/password';
import { captchaCost, checkRecoveryThrottle, checkThrottle, clearLoginFailures, recordLoginFailure, recordRecoveryRequest } from './internal/throttle';
import { LANGUAGES, signedInUser } from './me';
import { closeSession, endUserSessions, openSession, signedInAs } from './sessions';
import { captchaReply, meReply, passwordChangedReply, recoveredReply, signInReply, verifyReply } from '@shared/contracts/auth';
import { noPayload } from '@shared/contracts/platform';

export const WRONG_CREDENTIALS = 'Correo o contraseña incorrectos';
export const CAPTCHA_FAILED = 'Resuelva el captcha nuevamente';
export const RECOVERY_SENT = 'Si el correo está registrado, recibirá un enlace para restablecer su contraseña.';
export const RECOVERY_INVALID = 'El enlace de recuperación no es válido o ha expirado';
export const PASSWORDS_DIFFER = 'Las contraseñas no coinciden';
export const CURRENT_PASSWORD_WRONG = 'La contraseña actual no es correcta';
export const RECOVERY_HOURS = 1;
export const MSG_REGISTRATION_CLOSED = 'El registro de usuarios no está habilitado: pida una cuenta al administrador';

const device = {
  platform: v.optional(text(120)),
  language: v.optional(text(120)),
  os: v.optional(text(120)),
  os_version: v.optional(text(120)),
  device_brand: v.optional(text(120)),
  device_model: v.optional(text(120)),
  app_version: v.optional(text(120)),
  uuid: v.optional(text(120)),
};

/** A hash no password matches, verified when the e-mail is unknown or cannot sign in, so such a
 * sign-in takes as long as a wrong password (the reply time does not tell which e-mails exist). */
let decoyHash: Promise<string> | undefined;
function decoy(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(18).toString('base64'));
  return decoyHash;
}

async function findLoginUser(deps: ApiDeps, username: string) {
  const [row] = await deps.sql`
    SELECT u.id, u.name, u.surname, u.pic_firma, u.estado, r.name AS ro_name, r."system_user", r.estado AS role_estado, c.password_hash
      FROM rm_users u JOIN rm_roles r ON r.id = u.id_role JOIN auth_credentials c ON c.id_user = u.id
     WHERE lower(u.email) = ${username.toLowerCase()}`;
  return row ?? null;
}

/** Records `PasswordChanged` in the command `c`, stores the new hash after it in the same
 * transaction, and ends every other session of the user (and their sockets) with it: whoever held
 * the old password, or a session opened with it, is out. `keepSession` is the session making the
 * change, if any. */
async function changePassword(
  c: CommandContext,
  deps: ApiDeps,
  change: { userId: number; by: 'self' | 'recovery'; keepSession: string | null },
) {
  (await c.load(users, change.userId)).decide({ type: 'ChangePassword', id: change.userId, by: change.by });
  await endUserSessions(c, change.userId, { except: change.keepSession, reason: 'password_changed', now: deps.now() });
}

/** Writes the hash of a password the user chose (not a generic one). */
function storeHash(userId: number, hash: string) {
  return async (tx: TransactionSql) => {
    await tx`INSERT INTO auth_credentials (id_user, password_hash, generic, updated_at) VALUES (${userId}, ${hash}, 0, now())
      ON CONFLICT (id_user) DO UPDATE SET password_hash = excluded.password_hash, generic = excluded.generic, updated_at = now()`;
  };
}

/** Creates a recovery link for an active user with a password and mails it (outbox job in the same
 * transaction); does nothing for any other e-mail. */
async function issueRecoveryLink(deps: ApiDeps, email: string) {
  const [user] = await deps.sql`SELECT u.id, u.name FROM rm_users u JOIN auth_credentials c ON c.id_user = u.id
    WHERE lower(u.email) = ${email.toLowerCase()} AND u.estado = 1`;
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  const link = `${deps.config.publicUrl}/recover_password/${token}`;
  await deps.sql.begin(async (tx) => {
    await tx`INSERT INTO auth_recovery_tokens (token_hash, id_user, expires_at)
      VALUES (${hashToken(token)}, ${user.id}, ${new Date(deps.now().getTime() + RECOVERY_HOURS * 3600_000)})`;
    if (deps.boss) {
      await enqueueMail(deps.boss, {
        to: email,
        subject: 'Faena: restablecer su contraseña',
        text: `Hola ${user.name}:\n\nPara crear una nueva contraseña abra este enlace (válido por ${RECOVERY_HOURS} hora):\n${link}\n\nSi no lo pidió, ignore este correo.`,
      }, tx);
    }
  });
}

const passwordText = () => v.pipe(v.string(REQUIRED), v.nonEmpty(REQUIRED), v.maxLength(200));

/** The rules of a new password typed twice: the policy (internal/password.ts) on the first, then
 * the second the same. */
function newPasswordRules<K extends string, C extends string>(password: K, confirmation: C): InputRule<Record<K | C, string>>[] {
  return [
    { field: password, refuses: (input) => checkPasswordStrength(input[password]) !== null, message: (input) => checkPasswordStrength(input[password]) ?? '' },
    { field: confirmation, refuses: (input) => input[password] !== input[confirmation], message: PASSWORDS_DIFFER },
  ];
}

const recoverSaveInput = withRules(
  v.object({
    token_recover: v.pipe(v.string(RECOVERY_INVALID), v.nonEmpty(RECOVERY_INVALID), v.maxLength(200)),
    password1: passwordText(),
    password2: passwordText(),
  }),
  ...newPasswordRules('password1', 'password2'),
);

/** Sets the new password of a recovery link. The link is used up, the user's other outstanding
 * links are voided, and every session of the user ends, all in one transaction. */
async function saveRecoveredPassword(deps: ApiDeps, input: v.InferOutput<typeof recoverSaveInput>, requestId: string) {
  const hash = await hashPassword(input.password1);
  const now = deps.now();
  const tokenHash = hashToken(input.token_recover);
  // The token names the user the change is recorded for; the command consumes it.
  const [found] = await deps.sql`SELECT id_user FROM auth_recovery_tokens
    WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${now}`;
  if (!found) throw new ApiError(422, RECOVERY_INVALID);
  const userId = Number(found.id_user);
  await execute(deps.store, async (c) => {
    // Single use: the token is consumed atomically; a second use finds no row.
    const [row] = await c.tx`UPDATE auth_recovery_tokens SET used_at = ${now}
      WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${now}
      RETURNING id_user`;
    if (!row) throw new ApiError(422, RECOVERY_INVALID);
    await c.tx`UPDATE auth_recovery_tokens SET used_at = ${now} WHERE id_user = ${userId} AND used_at IS NULL`;
    await changePassword(c, deps, { userId, by: 'recovery', keepSession: null });
  }, { metadata: { userId, requestId }, within: storeHash(userId, hash) });
  return { msg: MSG_SAVED, base_dir: '/login' };
}

const loginInput = v.object({
  username: v.pipe(v.string(REQUIRED), v.trim(), v.nonEmpty(REQUIRED), v.maxLength(200)),
  password: passwordText(),
  token_captcha: v.pipe(v.string(CAPTCHA_FAILED), v.nonEmpty(CAPTCHA_FAILED), v.maxLength(8000)),
  ...device,
});

/** Sign-in, sessions, recovery and the signed-in user's own calls (seed 000 §7). */
export function authRoutes(): AnyRoute[] {
  void decoy(); // computed once, ahead of the first sign-in that needs it
  return [
    defineRoute({
      method: 'GET',
      path: '/auth/captcha',
      access: { kind: 'public' },
      summary: 'Desafío del captcha (prueba de trabajo, sin servicios externos); con username, del tamaño que pide esa cuenta',
      input: v.object({ username: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))) }),
      output: captchaReply,
      async handler({ input, deps }) {
        const maxNumber = await captchaCost(deps.sql, input.username ?? '', deps.now());
        return { challenge: await createCaptchaChallenge(deps.config.captchaKey, { maxNumber }) };
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/auth/login',
      access: { kind: 'public' },
      summary: 'Iniciar sesión: username (correo), password, token_captcha y datos del dispositivo',
      input: loginInput,
      output: signInReply,
      replyHoldsCredential: true,
      async handler({ input, deps, c, requestId }) {
        const address = clientAddress(c, deps.config.trustProxy);
        const verdict = await checkThrottle(deps.sql, input.username, address, deps.now());
        if (verdict.blocked) {
          c.header('retry-after', String(verdict.retryAfterSeconds));
          throw new ApiError(429, verdict.msg);
        }
        // An account others keep failing on asks for a larger proof of work (throttle.ts).
        const cost = await captchaCost(deps.sql, input.username, deps.now());
        if (!(await verifyCaptcha(deps.sql, deps.config.captchaKey, input.token_captcha, deps.now(), cost))) {
          throw new ApiError(422, CAPTCHA_FAILED, { token_captcha: CAPTCHA_FAILED }, { maxnumber: cost });
        }
        const user = await findLoginUser(deps, input.username);
        const canSignIn = user !== null && user.estado === 1 && user.role_estado === 1 && user.system_user === 1;
        // The hash is checked either way, so the time taken does not tell which e-mails exist.
        const matches = await verifyPassword(canSignIn ? user.password_hash : await decoy(), input.password);
        const valid = canSignIn && matches;
        if (!valid) {
          await recordLoginFailure(deps.sql, input.username, address, deps.now());
          throw new ApiError(401, WRONG_CREDENTIALS, { username: ' ', password: WRONG_CREDENTIALS });
        }
        await clearLoginFailures(deps.sql, input.username);
        const { username: _u, password: _p, token_captcha: _t, ...deviceData } = input;
        const session = await openSession(deps.store, {
          userId: user.id,
          device: deviceData,
          ip: address,
          hours: deps.config.sessionHours,
          now: deps.now(),
          metadata: { requestId },
        });
        return signedInAs(session.token, user);
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/auth/register',
      access: { kind: 'public' },
      summary: 'Registro de usuarios: no habilitado (403); las cuentas las crea un administrador en /users',
      output: noPayload(),
      async handler() {
        throw new ApiError(403, MSG_REGISTRATION_CLOSED);
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/login/login',
      access: { kind: 'public' },
      summary: 'Antiguo inicio de sesión por GET: rechazado (la contraseña viajaría en la URL); use POST /auth/login',
      output: noPayload(),
      async handler() {
        throw new ApiError(400, 'Este método de inicio de sesión ya no está disponible; use POST /auth/login.');
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/verify',
      access: { kind: 'signed_in' },
      summary: 'Verificar el token de la sesión (cabecera Bearer o parámetro token) y devolver el usuario',
      // Seed 000 §7: `GET /verify` takes `token`; the bearer header, when sent, is the one checked.
      input: v.object({ token: v.optional(text(200)) }),
      queryToken: true,
      output: verifyReply,
      async handler({ principal, deps, c }) {
        const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '');
        const token = bearer ? bearer[1].trim() : (c.req.query('token') ?? '');
        return { token, user: await signedInUser(deps.sql, principal) };
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/login/logout',
      access: { kind: 'signed_in' },
      summary: 'Cerrar la sesión actual',
      output: noPayload(),
      async handler({ principal, deps, metadata }) {
        await closeSession(deps.store, principal.sessionId, 'logout', metadata);
        return {};
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/me',
      access: { kind: 'signed_in' },
      summary: 'El usuario de la sesión: roles, datos, obra, permisos de solicitudes, menú',
      output: meReply,
      async handler({ principal, deps }) {
        return { user: await signedInUser(deps.sql, principal) };
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/me/setLanguage',
      access: { kind: 'signed_in' },
      summary: 'Cambiar el idioma del menú (en, tr, ar)',
      input: v.object({ id_language: v.pipe(int(), v.picklist(LANGUAGES.map((l) => l.id), 'Idioma no válido')) }),
      output: noPayload(),
      async handler({ input, principal, deps, metadata }) {
        await updateRecord(deps.store, 'user', principal.userId, { id_language: input.id_language }, { metadata });
        return { user: await signedInUser(deps.sql, principal) };
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/me/update',
      access: { kind: 'signed_in' },
      summary: 'Guardar la configuración visual (settings) y los atajos (shortcuts) del usuario',
      input: v.object({
        settings: v.optional(v.pipe(v.record(v.string(), v.unknown(), 'Configuración inválida'), v.check((x) => JSON.stringify(x).length <= 20_000, 'Configuración demasiado grande'))),
        shortcuts: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(100)), 'Atajos inválidos'), v.maxLength(50, 'Máximo 50 atajos'))),
      }),
      output: meReply,
      async handler({ input, principal, deps, metadata }) {
        const fields: Record<string, unknown> = {};
        if (input.settings !== undefined) fields.settings = input.settings;
        if (input.shortcuts !== undefined) fields.shortcuts = input.shortcuts;
        if (Object.keys(fields).length) await updateRecord(deps.store, 'user', principal.userId, fields, { metadata });
        return { user: await signedInUser(deps.sql, principal) };
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/me/cambiarClave',
      access: { kind: 'signed_in' },
      summary: 'Cambiar la contraseña propia',
      input: withRules(
        v.object({ current_password: passwordText(), new_password_1: passwordText(), new_password_2: passwordText() }),
        ...newPasswordRules('new_password_1', 'new_password_2'),
      ),
      output: passwordChangedReply,
      async handler({ input, principal, deps, metadata }) {
        const [cred] = await deps.sql`SELECT password_hash, generic FROM auth_credentials WHERE id_user = ${principal.userId}`;
        if (!cred || !(await verifyPassword(cred.password_hash, input.current_password))) {
          throw new ApiError(422, VALIDATION_FAILED, { current_password: CURRENT_PASSWORD_WRONG });
        }
        const hash = await hashPassword(input.new_password_1);
        // This session stays open; every other one of the user ends.
        await execute(
          deps.store,
          (c) => changePassword(c, deps, { userId: principal.userId, by: 'self', keepSession: principal.sessionId }),
          { metadata, within: storeHash(principal.userId, hash) },
        );
        return { msg: 'Actualizado correctamente', cambiar_clave_generica: cred.generic === 1 };
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/auth/recover',
      access: { kind: 'public' },
      summary: 'Pedir un correo de recuperación (la respuesta no revela si el correo existe)',
      input: v.object({ username: v.pipe(v.string('Ingrese un correo'), v.trim(), v.nonEmpty('Ingrese un correo'), v.email('Ingrese un correo'), v.maxLength(200)) }),
      output: noPayload(),
      async handler({ input, deps, c, requestId }) {
        const address = clientAddress(c, deps.config.trustProxy);
        // Counted on their own: recovery requests never count as failed sign-ins.
        const verdict = await checkRecoveryThrottle(deps.sql, input.username, address, deps.now());
        if (verdict.blocked) {
          c.header('retry-after', String(verdict.retryAfterSeconds));
          throw new ApiError(429, verdict.msg);
        }
        await recordRecoveryRequest(deps.sql, input.username, address, deps.now());
        // The link is made and mailed after the reply, so the reply takes the same time whether
        // or not the e-mail belongs to someone.
        setImmediate(() => {
          issueRecoveryLink(deps, input.username).catch((e: Error) => deps.log.error('recovery link not sent', { requestId, error: e.message }));
        });
        return { msg: RECOVERY_SENT };
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/recover',
      access: { kind: 'public' },
      summary: 'Comprobar un enlace de recuperación',
      input: v.object({ token_recover: v.pipe(v.string(RECOVERY_INVALID), v.nonEmpty(RECOVERY_INVALID), v.maxLength(200)) }),
      output: noPayload(),
      async handler({ input, deps }) {
        const [row] = await deps.sql`SELECT 1 FROM auth_recovery_tokens
          WHERE token_hash = ${hashToken(input.token_recover)} AND used_at IS NULL AND expires_at > ${deps.now()}`;
        if (!row) throw new ApiError(422, RECOVERY_INVALID);
        return {};
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/recover/save',
      access: { kind: 'public' },
      summary: 'Guardar la nueva contraseña con un enlace de recuperación (un solo uso; anula los demás enlaces y cierra las sesiones del usuario)',
      input: recoverSaveInput,
      output: recoveredReply,
      async handler({ input, deps, requestId }) {
        return saveRecoveredPassword(deps, input, requestId);
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/recover/save',
      access: { kind: 'public' },
      summary: 'Obsoleto: la misma llamada por GET, para clientes antiguos (la contraseña viaja en la URL); use POST /recover/save',
      input: recoverSaveInput,
      output: recoveredReply,
      async handler({ input, deps, requestId }) {
        return saveRecoveredPassword(deps, input, requestId);
      },
    }),
  ];
}

