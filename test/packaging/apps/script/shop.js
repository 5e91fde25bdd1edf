// The page's own script: the element's tag may not be defined yet (the loader imports it), which
// custom elements allow; its properties are taken over when it is.
import { mountCheckout } from './shop-settings.js';

mountCheckout();
