// How long, in the language shown: the largest two units that matter.
import { durationOf } from '../../lib/admin';
import { t } from '../../pages/i18n';

export function durationText(secs: number): string {
  const d = durationOf(secs);
  const say = t.admin.duration;
  switch (d.unit) {
    case 's':
      return say.s(d);
    case 'min':
      return say.min(d);
    case 'h':
      return say.h(d);
    case 'hMin':
      return say.hMin(d);
    case 'd':
      return say.d(d);
    case 'dH':
      return say.dH(d);
  }
}
