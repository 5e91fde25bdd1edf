import type { PartialTranslation } from '../translation.ts';

/** Latin-American Spanish (es-CR, es-MX, …): only what differs from neutral `es`. */
export const es419: PartialTranslation = {
  lang: 'es-419',
  fields: {
    lastName: 'Apellidos',
    address2: 'Apartamento, casa, etc.',
    state: 'Provincia o estado',
    telephone: 'Teléfono o celular',
  },
  chooseState: 'Elija una',
  errors: {
    state_not_in_country: 'Elija una provincia o estado del país seleccionado.',
  },
};
