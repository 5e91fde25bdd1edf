// A merchant's React 19 app: the package imported by its name, the element rendered with properties.
import '@svc-checkout/widget';
import { createRoot } from 'react-dom/client';
import { bff, items } from '../shop-settings.js';

function Shop() {
  return <svc-checkout bff={bff} items={items} locale="en" noShipping={true} />;
}

createRoot(document.getElementById('root')).render(<Shop />);
