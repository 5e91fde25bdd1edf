import { test, expect } from '../support/node-test.ts';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { createDeliveryCodec, DeliveryRejected, type DeliveryRejectedReason } from '../../contract/bank/codec.ts';
import { openDeliveryWith } from '../../contract/bank/delivery.ts';
import { webDeliveryCrypto } from '../../contract/bank/web-crypto.ts';
import { nodeDeliveryCrypto } from '../../node/bank-delivery-codec.ts';

const secretRef = 'whsec_demo_7f3a';
const plaintext = JSON.stringify({ hello: 'mundo', amount: '15000.00', ñ: 'sí' });

/** The bank's format built independently: base64(nonce ‖ ciphertext ‖ tag), key = SHA-256(secret_ref). */
function nodeEncrypt(text: string, secret: string, nonce = randomBytes(12)): string {
  const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(secret).digest(), nonce);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64');
}

function nodeDecrypt(data: string, secret: string): string {
  const bytes = Buffer.from(data, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', createHash('sha256').update(secret).digest(), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString('utf8');
}

async function rejectionReason(promise: Promise<unknown>): Promise<DeliveryRejectedReason | 'resolved'> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    expect(error).toBeInstanceOf(DeliveryRejected);
    return (error as DeliveryRejected).reason;
  }
}

// The format is the contract's; the crypto is injected. Both providers pass the same checks.
const providers = { 'node:crypto': nodeDeliveryCrypto, WebCrypto: webDeliveryCrypto };

for (const [providerName, provider] of Object.entries(providers)) {
  test.describe(`bank delivery codec on ${providerName}`, () => {
    const { encryptDelivery, decryptDelivery } = createDeliveryCodec(provider);
    const openDelivery = (data: string, secret: string) => openDeliveryWith({ decryptDelivery }, data, secret);

    test('decrypts a delivery made with node:crypto', async () => {
      expect(await decryptDelivery(nodeEncrypt(plaintext, secretRef), secretRef)).toBe(plaintext);
    });

    test('a fixed-nonce vector decrypts to the same text', async () => {
      const data = nodeEncrypt('{"a":1}', secretRef, Buffer.alloc(12, 7));
      expect(data.startsWith(Buffer.alloc(12, 7).toString('base64').slice(0, 16))).toBe(true);
      expect(await decryptDelivery(data, secretRef)).toBe('{"a":1}');
    });

    test('what it encrypts node:crypto decrypts, with a fresh 12-byte nonce each time', async () => {
      const first = await encryptDelivery(plaintext, secretRef);
      const second = await encryptDelivery(plaintext, secretRef);
      expect(nodeDecrypt(first, secretRef)).toBe(plaintext);
      expect(Buffer.from(first, 'base64').length).toBe(12 + Buffer.byteLength(plaintext) + 16);
      expect(first.slice(0, 16)).not.toBe(second.slice(0, 16));
    });

    test('a flipped bit anywhere fails authentication', async () => {
      const bytes = Buffer.from(nodeEncrypt(plaintext, secretRef), 'base64');
      for (const index of [0, 11, 12, bytes.length - 17, bytes.length - 1]) {
        const tampered = Buffer.from(bytes);
        tampered[index] = (tampered[index] ?? 0) ^ 0x01;
        expect(await rejectionReason(decryptDelivery(tampered.toString('base64'), secretRef)), `byte ${index}`).toBe('auth_failed');
      }
    });

    test('the wrong secret fails authentication', async () => {
      expect(await rejectionReason(decryptDelivery(nodeEncrypt(plaintext, secretRef), 'other-secret'))).toBe('auth_failed');
    });

    test('too short and non-base64 data are told apart', async () => {
      expect(await rejectionReason(decryptDelivery(randomBytes(27).toString('base64'), secretRef))).toBe('too_short');
      expect(await rejectionReason(decryptDelivery('', secretRef))).toBe('too_short');
      expect(await rejectionReason(decryptDelivery('not base64!', secretRef))).toBe('bad_base64');
      expect(await rejectionReason(decryptDelivery('QUJD=', secretRef))).toBe('bad_base64');
    });

    test('MIME base64 (lines of 76 characters, CRLF or LF) opens the same plaintext', async () => {
      const data = nodeEncrypt(plaintext.repeat(4), secretRef);
      for (const lineBreak of ['\r\n', '\n']) {
        const wrapped = data.replace(/.{76}(?=.)/g, (line) => line + lineBreak);
        expect(wrapped).toContain(lineBreak);
        expect(await decryptDelivery(wrapped, secretRef)).toBe(plaintext.repeat(4));
      }
    });

    test('openDelivery rejects authentic bodies that are not JSON or not an event', async () => {
      expect(await rejectionReason(openDelivery(nodeEncrypt('not json', secretRef), secretRef))).toBe('not_json');
      expect(await rejectionReason(openDelivery(nodeEncrypt('{"event":{}}', secretRef), secretRef))).toBe('schema');
      expect(await rejectionReason(openDelivery(nodeEncrypt(plaintext, secretRef), 'x'))).toBe('auth_failed');
    });
  });
}

test('what one provider seals the other opens: the same bytes on the wire', async () => {
  const node = createDeliveryCodec(nodeDeliveryCrypto);
  const web = createDeliveryCodec(webDeliveryCrypto);
  expect(await web.decryptDelivery(await node.encryptDelivery(plaintext, secretRef), secretRef)).toBe(plaintext);
  expect(await node.decryptDelivery(await web.encryptDelivery(plaintext, secretRef), secretRef)).toBe(plaintext);
});

test('decryptDeliveryNow on node:crypto answers at once exactly what decryptDelivery answers, refusals and their reasons included', async () => {
  const { decryptDelivery, decryptDeliveryNow } = createDeliveryCodec(nodeDeliveryCrypto);
  const sealedBytes = (bytes: Buffer) => {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(secretRef).digest(), nonce);
    return Buffer.concat([nonce, cipher.update(bytes), cipher.final(), cipher.getAuthTag()]).toString('base64');
  };
  const good = nodeEncrypt(plaintext, secretRef);
  const tampered = Buffer.from(good, 'base64');
  tampered[20] = (tampered[20] ?? 0) ^ 0x01;
  const cases: Array<[string, string, string]> = [
    ['authentic', good, secretRef],
    ['MIME lines', good.replace(/.{76}(?=.)/g, (line) => `${line}\r\n`), secretRef],
    ['a flipped bit', tampered.toString('base64'), secretRef],
    ['the wrong secret', good, 'other-secret'],
    ['too short', randomBytes(27).toString('base64'), secretRef],
    ['not base64', 'not base64!', secretRef],
    ['not UTF-8', sealedBytes(Buffer.from([0x7b, 0xff, 0xfe, 0x7d])), secretRef],
  ];
  const outcomeNow = (data: string, secret: string) => {
    try {
      return { text: decryptDeliveryNow(data, secret) };
    } catch (error) {
      expect(error).toBeInstanceOf(DeliveryRejected);
      return { reason: (error as DeliveryRejected).reason };
    }
  };
  const outcomeLater = (data: string, secret: string) => decryptDelivery(data, secret).then((text) => ({ text }), (error: DeliveryRejected) => ({ reason: error.reason }));
  for (const [name, data, secret] of cases) expect(outcomeNow(data, secret), name).toEqual(await outcomeLater(data, secret));
  expect(cases.map(([, data, secret]) => outcomeNow(data, secret))).toEqual([
    { text: plaintext },
    { text: plaintext },
    { reason: 'auth_failed' },
    { reason: 'auth_failed' },
    { reason: 'too_short' },
    { reason: 'bad_base64' },
    { reason: 'not_json' },
  ]);
});

test('decryptDeliveryNow refuses a provider that answers with a promise (WebCrypto) instead of answering late', () => {
  const { decryptDeliveryNow } = createDeliveryCodec(webDeliveryCrypto);
  expect(() => decryptDeliveryNow(nodeEncrypt(plaintext, secretRef), secretRef)).toThrow(TypeError);
});
