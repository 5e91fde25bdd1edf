// A merchant's webpack 5 app: the package imported by its name, the element made in plain DOM.
import '@svc-checkout/widget';
import { mountCheckout } from '../../shop-settings.js';

mountCheckout();
