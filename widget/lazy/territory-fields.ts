// Entry of its own (dist/widget/territory-fields.js): Costa Rica's provincia → cantón → distrito
// selects and their words, loaded with territory/CR.json when the shopper picks Costa Rica, so no
// other checkout's first script carries them. The element hands in its Lit.
export { territoryLevel } from '../costa-rica/territory-selects.ts';
export { fieldsClearedBy } from '../costa-rica/territory-choice.ts';
