// Doozy Dice بالعربية.
import type { DoozyMessages } from './en';

export const ar: DoozyMessages = {
  blurb: 'ارمِ خمسة نرود لتكمل خمس تركيبات بأقل عدد من الرميات. وجوه Doozy تمنح نقاطًا، والنقاط تغيّر النرد.',
};
