// A small React 19 shop embedding <svc-checkout>: properties set from state, events via on<event>.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { SvcCheckout, SvcRedirectEvent } from '../../../../widget/svc-checkout.ts';

type CheckoutProps = Partial<Pick<SvcCheckout, 'bff' | 'items' | 'locale' | 'mode' | 'noShipping'>> & {
  'onsvc-ready'?: (event: Event) => void;
  'onsvc-submit'?: (event: Event) => void;
  'onsvc-redirect'?: (event: SvcRedirectEvent) => void;
  'onsvc-error'?: (event: Event) => void;
};

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'svc-checkout': CheckoutProps & { children?: never };
    }
  }
}

const bff = document.getElementById('root')!.dataset.bff!;
const items = [{ sku: 'CR-COFFEE-500', quantity: 2 }];

function Shop() {
  const [locale, setLocale] = useState('en');
  const [events, setEvents] = useState<string[]>([]);
  const record = (event: Event) => setEvents((seen) => [...seen, event.type]);
  return (
    <main>
      <h1>React shop</h1>
      <button type="button" onClick={() => setLocale(locale === 'en' ? 'es' : 'en')}>
        {locale === 'en' ? 'Español' : 'English'}
      </button>
      <svc-checkout
        bff={bff}
        items={items}
        locale={locale}
        noShipping={true}
        onsvc-ready={record}
        onsvc-submit={record}
        onsvc-redirect={record}
        onsvc-error={record}
      />
      <ol id="events">
        {events.map((name, index) => (
          <li key={index}>{name}</li>
        ))}
      </ol>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Shop />
  </StrictMode>,
);
