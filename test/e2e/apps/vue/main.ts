// A small Vue 3 shop embedding <svc-checkout>, with render functions (no template compiler, so no
// eval under the strict CSP). The page defines the element first (index.html); Vue then sets its
// known properties as properties and maps onSvcReady to the `svc-ready` event.
import { createApp, h, ref } from 'vue';

const bff = document.getElementById('app')!.dataset.bff!;
const items = [{ sku: 'CR-CHOCOLATE-BAR', quantity: 3 }];

createApp({
  setup() {
    const locale = ref('pt-BR');
    const events = ref<string[]>([]);
    const record = (event: Event) => events.value.push(event.type);
    return () =>
      h('main', [
        h('h1', 'Vue shop'),
        h('button', { type: 'button', onClick: () => (locale.value = locale.value === 'pt-BR' ? 'en' : 'pt-BR') }, 'Language'),
        h('svc-checkout', {
          bff,
          items,
          locale: locale.value,
          noShipping: true,
          onSvcReady: record,
          onSvcSubmit: record,
          onSvcRedirect: record,
          onSvcError: record,
        }),
        h('ol', { id: 'events' }, events.value.map((name) => h('li', name))),
      ]);
  },
}).mount('#app');
