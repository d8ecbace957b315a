// A failed admin request in the language shown, from its code: the admin
// API's own two (off on this server, wrong token), else as any request.
import { m } from '../../i18n/i18n.svelte';
import { problemText } from '../../lib/api';
import { isAdminOff, isWrongToken } from '../../lib/admin';
import { t } from '../../pages/i18n';

export function adminErrorText(e: unknown): string {
  if (isWrongToken(e)) return t.admin.wrongToken;
  if (isAdminOff(e)) return t.admin.off;
  return problemText(e, m);
}
