import type { BASE_ERROR_CODES } from 'better-auth';
import type { TWO_FACTOR_ERROR_CODES } from 'better-auth/plugins';
import { apiError, type ApiError, type ErrorCode } from '@holgura/contracts';

type BetterAuthCode = keyof typeof BASE_ERROR_CODES | keyof typeof TWO_FACTOR_ERROR_CODES;

/**
 * Every error code better-auth (and its two-factor plugin) can answer with, as one of ours: the
 * one place its English messages become Spanish (the text itself lives in contracts/errors.ts).
 * A code better-auth adds in an upgrade fails the type check here until it is given one.
 */
const OURS: Record<BetterAuthCode, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'AUTH_INVALID_CREDENTIALS',
  INVALID_EMAIL: 'AUTH_EMAIL_INVALID',
  INVALID_PASSWORD: 'AUTH_PASSWORD_INCORRECT',
  PASSWORD_TOO_SHORT: 'AUTH_PASSWORD_TOO_SHORT',
  PASSWORD_TOO_LONG: 'AUTH_PASSWORD_TOO_LONG',
  USER_ALREADY_EXISTS: 'AUTH_ACCOUNT_EXISTS',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'AUTH_ACCOUNT_EXISTS',
  USER_NOT_FOUND: 'AUTH_ACCOUNT_NOT_FOUND',
  ACCOUNT_NOT_FOUND: 'AUTH_ACCOUNT_NOT_FOUND',
  USER_EMAIL_NOT_FOUND: 'AUTH_ACCOUNT_NOT_FOUND',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'AUTH_ACCOUNT_NOT_FOUND',
  INVALID_USER: 'AUTH_ACCOUNT_NOT_FOUND',
  EMAIL_NOT_VERIFIED: 'AUTH_EMAIL_NOT_VERIFIED',
  // A reset link's token (the only tokens better-auth checks for Holgura).
  INVALID_TOKEN: 'AUTH_RESET_LINK_INVALID',
  TOKEN_EXPIRED: 'AUTH_RESET_LINK_INVALID',
  FAILED_TO_GET_SESSION: 'AUTH_REQUIRED',
  SESSION_EXPIRED: 'AUTH_SESSION_NOT_FRESH',
  SESSION_NOT_FRESH: 'AUTH_SESSION_NOT_FRESH',
  INVALID_ORIGIN: 'AUTH_ORIGIN_REFUSED',
  MISSING_OR_NULL_ORIGIN: 'AUTH_ORIGIN_REFUSED',
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: 'AUTH_ORIGIN_REFUSED',
  INVALID_CALLBACK_URL: 'AUTH_REDIRECT_REFUSED',
  INVALID_REDIRECT_URL: 'AUTH_REDIRECT_REFUSED',
  INVALID_ERROR_CALLBACK_URL: 'AUTH_REDIRECT_REFUSED',
  INVALID_NEW_USER_CALLBACK_URL: 'AUTH_REDIRECT_REFUSED',
  CALLBACK_URL_REQUIRED: 'AUTH_REDIRECT_REFUSED',
  VALIDATION_ERROR: 'VALIDATION_FAILED',
  MISSING_FIELD: 'VALIDATION_FAILED',
  FIELD_NOT_ALLOWED: 'VALIDATION_FAILED',
  BODY_MUST_BE_AN_OBJECT: 'VALIDATION_FAILED',
  ASYNC_VALIDATION_NOT_SUPPORTED: 'VALIDATION_FAILED',
  EMAIL_MISMATCH: 'VALIDATION_FAILED',
  // Features Holgura does not turn on (social sign-in, email change, verification mails…).
  SOCIAL_ACCOUNT_ALREADY_LINKED: 'AUTH_NOT_AVAILABLE',
  LINKED_ACCOUNT_ALREADY_EXISTS: 'AUTH_NOT_AVAILABLE',
  PROVIDER_NOT_FOUND: 'AUTH_NOT_AVAILABLE',
  ID_TOKEN_NOT_SUPPORTED: 'AUTH_NOT_AVAILABLE',
  FAILED_TO_GET_USER_INFO: 'AUTH_NOT_AVAILABLE',
  EMAIL_CAN_NOT_BE_UPDATED: 'AUTH_NOT_AVAILABLE',
  CHANGE_EMAIL_DISABLED: 'AUTH_NOT_AVAILABLE',
  FAILED_TO_UNLINK_LAST_ACCOUNT: 'AUTH_NOT_AVAILABLE',
  USER_ALREADY_HAS_PASSWORD: 'AUTH_NOT_AVAILABLE',
  PASSWORD_ALREADY_SET: 'AUTH_NOT_AVAILABLE',
  VERIFICATION_EMAIL_NOT_ENABLED: 'AUTH_NOT_AVAILABLE',
  EMAIL_ALREADY_VERIFIED: 'AUTH_NOT_AVAILABLE',
  METHOD_NOT_ALLOWED_DEFER_SESSION_REQUIRED: 'AUTH_NOT_AVAILABLE',
  FAILED_TO_CREATE_USER: 'AUTH_FAILED',
  FAILED_TO_CREATE_SESSION: 'AUTH_FAILED',
  FAILED_TO_UPDATE_USER: 'AUTH_FAILED',
  FAILED_TO_CREATE_VERIFICATION: 'AUTH_FAILED',
  // Two-factor plugin.
  INVALID_CODE: 'AUTH_TOTP_CODE_INVALID',
  INVALID_BACKUP_CODE: 'AUTH_TOTP_CODE_INVALID',
  OTP_HAS_EXPIRED: 'AUTH_TOTP_EXPIRED',
  INVALID_TWO_FACTOR_COOKIE: 'AUTH_TOTP_EXPIRED',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'AUTH_TOTP_TOO_MANY_ATTEMPTS',
  ACCOUNT_TEMPORARILY_LOCKED: 'AUTH_ACCOUNT_LOCKED',
  TOTP_NOT_ENABLED: 'AUTH_TWO_FACTOR_NOT_ENABLED',
  TWO_FACTOR_NOT_ENABLED: 'AUTH_TWO_FACTOR_NOT_ENABLED',
  OTP_NOT_ENABLED: 'AUTH_TWO_FACTOR_NOT_ENABLED',
  TOTP_ALREADY_ENABLED: 'AUTH_TWO_FACTOR_ALREADY_ENABLED',
  OTP_NOT_CONFIGURED: 'AUTH_NOT_AVAILABLE',
  TOTP_NOT_CONFIGURED: 'AUTH_NOT_AVAILABLE',
  BACKUP_CODES_NOT_ENABLED: 'AUTH_NOT_AVAILABLE',
};

/** Codes better-auth throws outside its catalogues, by the status they come with. */
const EXTRA: Record<string, ErrorCode> = {
  UNAUTHORIZED: 'AUTH_REQUIRED',
  RESET_PASSWORD_DISABLED: 'AUTH_NOT_AVAILABLE',
};

/** Ours for a failure without a code we know, by its status. */
function byStatus(status: number): ErrorCode {
  if (status === 401) return 'AUTH_REQUIRED';
  if (status === 403) return 'AUTH_ORIGIN_REFUSED';
  if (status === 404) return 'ROUTE_NOT_FOUND';
  if (status === 413) return 'REQUEST_TOO_LARGE';
  if (status === 429) return 'AUTH_RATE_LIMITED';
  if (status >= 500) return 'INTERNAL';
  return status === 400 || status === 422 ? 'VALIDATION_FAILED' : 'AUTH_FAILED';
}

/** Our code for one of better-auth's (undefined: it sent none). */
export function authErrorCode(code: string | undefined, status: number): ErrorCode {
  if (code !== undefined) {
    if (Object.hasOwn(OURS, code)) return OURS[code as BetterAuthCode];
    if (Object.hasOwn(EXTRA, code)) return EXTRA[code]!;
  }
  return byStatus(status);
}

/**
 * Our `{ error: { code, message } }` in Spanish for a failed answer of better-auth's (its body
 * is `{ code, message }` in English, or empty); an answer already in our envelope is kept.
 */
export function translateAuthError(status: number, text: string): ApiError {
  let body: unknown = null;
  try {
    body = text.length > 0 ? JSON.parse(text) : null;
  } catch {
    // Not JSON (an HTML page or plain text): the status decides.
  }
  if (body !== null && typeof body === 'object') {
    const envelope = (body as { error?: { code?: unknown } }).error;
    if (typeof envelope === 'object' && envelope !== null && typeof envelope.code === 'string') {
      return body as ApiError;
    }
    const { code, message } = body as { code?: unknown; message?: unknown };
    // better-auth's schema check names the field only in its English message: a malformed
    // address is worth its own Spanish sentence, not «La solicitud no es válida».
    if (code === 'VALIDATION_ERROR' && typeof message === 'string' && /\bemail\b/i.test(message)) {
      return apiError('AUTH_EMAIL_INVALID');
    }
    if (typeof code === 'string') return apiError(authErrorCode(code, status));
  }
  return apiError(authErrorCode(undefined, status));
}
