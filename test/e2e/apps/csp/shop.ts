// The storefront's only script (a file, as a strict CSP requires): it lists the widget's events.
const list = document.getElementById('events')!;
for (const name of ['svc-ready', 'svc-submit', 'svc-redirect', 'svc-status', 'svc-approved', 'svc-declined', 'svc-error']) {
  document.addEventListener(name, () => {
    const item = document.createElement('li');
    item.textContent = name;
    list.append(item);
  });
}
