// The SINPE Móvil panel's SMS: the shopper picks their bank; a phone gets an `sms:` link with
// `PASE <monto> <número>` for that bank's number, a desktop a QR of the same link. Both can be
// turned off, and the merchant may replace the bank table. A fake BFF offering SINPE Móvil.
import { expect, fixture, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { generate } from 'lean-qr/nano';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { expectAccessible } from './support/axe.ts';
import { eventually, nextEvent, root, submitButton, waitForState } from './support/element-parts.ts';
import { FakeBff } from './support/fake-bff.ts';
import { costaRicanBilling } from './support/buyer.ts';

async function openTransfer(attributes: { noSms?: boolean; noQr?: boolean; banks?: string; discount?: string; referenceOnly?: boolean } = {}) {
  const bff = new FakeBff();
  if (attributes.discount) bff.transferDiscount = attributes.discount;
  if (attributes.referenceOnly) bff.transferReferenceOnly = true;
  const { sessionToken } = bff.session({ prefill: { billing: costaRicanBilling }, sinpeMovil: {} });
  const element = await fixture<SvcCheckout>(html`<svc-checkout
    bff=${bff.url}
    session=${sessionToken}
    locale="es-CR"
    ?no-sinpe-sms=${attributes.noSms}
    ?no-sinpe-qr=${attributes.noQr}
    sinpe-sms-banks=${attributes.banks ?? ''}
  ></svc-checkout>`);
  await waitForState(element, 'idle');
  root(element).querySelector<HTMLInputElement>('input[name="svc-method"][value="sinpe_movil"]')!.click();
  const pending = nextEvent(element, 'svc-sinpe-pending');
  submitButton(element).click();
  const transfer = await pending;
  await eventually(() => root(element).querySelector('svc-sinpe-panel')?.shadowRoot?.querySelector('dl'), 'the SINPE Móvil panel did not show');
  const panel = root(element).querySelector('svc-sinpe-panel')!;
  return { element, panel: panel.shadowRoot!, host: panel as HTMLElement & { instructions?: { phone: string; amount: string } }, transfer };
}

async function chooseBank(panel: ShadowRoot, name: string) {
  const select = panel.querySelector<HTMLSelectElement>('#sinpe-bank')!;
  const option = [...select.options].find((candidate) => candidate.textContent === name)!;
  select.value = option.value;
  select.dispatchEvent(new Event('change'));
  await (panel.host as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
}

/** What the link's SMS must say: the exact amount the answer gave (whole colones) and the merchant's number. */
function expectedText(instructions: { phone: string; amount: string }) {
  return `PASE ${instructions.amount.replace(/\.0+$/, '')} ${instructions.phone}`;
}

describe('the SINPE Móvil SMS', () => {  beforeEach(() => sessionStorage.clear());

  describe('on a phone (390 px)', () => {
    before(() => setViewport({ width: 390, height: 844 }));

    it("links to the shopper's bank's SMS number with PASE, the exact amount and the merchant's number", async () => {
      const { panel, host, transfer } = await openTransfer();
      expect(panel.querySelector('[part="sinpe-sms-link"]'), 'no link before a bank is chosen').to.equal(null);
      await chooseBank(panel, 'BAC Credomatic');
      const link = panel.querySelector<HTMLAnchorElement>('[part="sinpe-sms-link"]')!;
      const text = expectedText(host.instructions!);
      expect(text).to.equal(`PASE ${transfer.amount.replace(/\.0+$/, '')} ${host.instructions!.phone}`);
      expect(link.getAttribute('href')).to.equal(`sms:70701222?&body=${encodeURIComponent(text)}`);
      expect(link.textContent!.trim()).to.equal('Enviar el SMS a BAC Credomatic (7070-1222)');
      expect(panel.querySelector('[part="sinpe-sms-text"]')!.textContent).to.contain(text);
      expect(panel.querySelector('canvas'), 'no QR on a phone').to.equal(null);
      await expectAccessible(host);
    });

    it("offers the merchant's own table, and nothing with no-sinpe-sms", async () => {
      const own = await openTransfer({ banks: JSON.stringify([{ name: 'Cooperativa del Barrio', smsNumber: '88887777' }]) });
      const names = [...own.panel.querySelectorAll('#sinpe-bank option')].map((option) => option.textContent);
      expect(names.slice(1)).to.deep.equal(['Cooperativa del Barrio']);
      await chooseBank(own.panel, 'Cooperativa del Barrio');
      expect(own.panel.querySelector('[part="sinpe-sms-link"]')!.getAttribute('href')!.startsWith('sms:88887777?&body=PASE%20')).to.equal(true);
      own.element.remove();

      const off = await openTransfer({ noSms: true });
      expect(off.panel.querySelector('[part="sinpe-sms"]')).to.equal(null);
    });
  });

  describe('when the exact amount is lower than the total', () => {
    it('says by how much, and why', async () => {
      // Another transfer of the same total is awaited: the BFF lowers this one's amount to tell them apart.
      const { panel, host, transfer } = await openTransfer({ discount: '1.00' });
      const discount = (host.instructions as { discount?: string }).discount!;
      expect([discount, transfer.amount]).to.deep.equal(['1.00', '12499.00']);
      const note = panel.querySelector('[part="sinpe-discount"]')!;
      expect(note.textContent!.replace(/\s+/g, ' ').trim()).to.equal(
        `${new Intl.NumberFormat('es-CR', { style: 'currency', currency: 'CRC' }).format(discount as `${number}`).replace(/\s+/g, ' ')} menos que el total, para identificar su pago.`,
      );
      await expectAccessible(host);
    });
  });

  describe('when the transfer is found by its reference only', () => {
    before(() => setViewport({ width: 390, height: 844 }));

    it('says the reference must be written, and the SMS carries it after the number', async () => {
      // Every amount near this price is asked of other buyers: the BFF asks the price and the reference.
      const { panel, host } = await openTransfer({ referenceOnly: true });
      const { reference, phone, amount } = host.instructions as { reference: string; phone: string; amount: string };
      const note = panel.querySelector('[part="sinpe-reference-only"]')!;
      expect(note.textContent!.replace(/\s+/g, ' ').trim()).to.equal(
        `Escriba la referencia ${reference} en la descripción de la transferencia: es lo único que identifica su pago. Sin ella, la tienda tendrá que confirmarlo a mano.`,
      );
      expect(panel.querySelector('[part="sinpe-discount"]')).to.equal(null);
      await chooseBank(panel, 'BAC Credomatic');
      const text = `PASE ${amount.replace(/\.0+$/, '')} ${phone} ${reference}`;
      expect(panel.querySelector<HTMLAnchorElement>('[part="sinpe-sms-link"]')!.getAttribute('href')).to.equal(`sms:70701222?&body=${encodeURIComponent(text)}`);
      await expectAccessible(host);
    });
  });

  describe('on a desktop (1280 px)', () => {
    before(() => setViewport({ width: 1280, height: 800 }));

    it('draws the QR of the same SMS link, named for screen readers', async () => {
      const { panel, host } = await openTransfer();
      await chooseBank(panel, 'Banco Nacional de Costa Rica');
      await eventually(() => panel.querySelector('canvas[part="sinpe-qr"][data-link]'), 'no QR');
      const canvas = panel.querySelector<HTMLCanvasElement>('canvas[part="sinpe-qr"]')!;
      const link = `sms:2627?&body=${encodeURIComponent(expectedText(host.instructions!))}`;
      expect(canvas.getAttribute('aria-label')).to.equal('Código QR del SMS de pago para Banco Nacional de Costa Rica (2627)');
      const expected = document.createElement('canvas');
      generate(link).toCanvas(expected, { on: [0, 0, 0, 255], off: [255, 255, 255, 255], padX: 2, padY: 2 });
      expect([canvas.width, canvas.height]).to.deep.equal([expected.width, expected.height]);
      const pixels = (drawn: HTMLCanvasElement) => [...drawn.getContext('2d')!.getImageData(0, 0, drawn.width, drawn.height).data];
      expect(pixels(canvas)).to.deep.equal(pixels(expected));
      expect(panel.querySelector('[part="sinpe-sms-link"]'), 'no sms: link on a desktop').to.equal(null);
      await expectAccessible(host);
    });

    it('shows no QR with no-sinpe-qr', async () => {
      const { panel } = await openTransfer({ noQr: true });
      expect(panel.querySelector('[part="sinpe-sms"]')).to.equal(null);
    });
  });
});
