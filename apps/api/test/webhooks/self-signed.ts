import { generateKeyPairSync, randomBytes, sign, X509Certificate } from 'node:crypto';

// A self-signed X.509 certificate for an IP address, written with node:crypto alone: a P-256 key, the certificate's
// fields in DER (the few ASN.1 types it needs) and an ECDSA-SHA256 signature by its own key. Test code only: a
// receiver on loopback serves it, and the sender is told to trust it as its authority.

function der(tag: number, content: Buffer): Buffer {
  const { length } = content;
  if (length < 0x80) return Buffer.concat([Buffer.from([tag, length]), content]);
  const size = Buffer.from(length.toString(16).padStart(length > 0xff ? 4 : 2, '0'), 'hex');
  return Buffer.concat([Buffer.from([tag, 0x80 | size.length]), size, content]);
}

const sequence = (...items: Buffer[]) => der(0x30, Buffer.concat(items));

function oid(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split('.').map(Number) as [number, number, ...number[]];
  const bytes = [first * 40 + second];
  for (const value of rest) {
    const base128 = [value & 0x7f];
    for (let left = value >>> 7; left > 0; left >>>= 7) base128.unshift((left & 0x7f) | 0x80);
    bytes.push(...base128);
  }
  return der(0x06, Buffer.from(bytes));
}

/** UTCTime, YYMMDDHHMMSSZ. */
const utcTime = (date: Date) =>
  der(0x17, Buffer.from(date.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z'));

const ECDSA_WITH_SHA256 = sequence(oid('1.2.840.10045.4.3.2'));

/** A certificate for `ip` (its common name and its one subject alternative name), valid for a day, with its key. */
export function selfSignedCertificate(ip = '127.0.0.1'): { cert: string; key: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const name = sequence(der(0x31, sequence(oid('2.5.4.3'), der(0x0c, Buffer.from(ip)))));
  const now = Date.now();
  // A positive serial: the top bit of its first byte cleared.
  const serial = randomBytes(16);
  serial[0]! &= 0x7f;
  const altName = sequence(der(0x87, Buffer.from(ip.split('.').map(Number))));
  const extensions = der(
    0xa3,
    sequence(
      sequence(oid('2.5.29.17'), der(0x04, altName)),
      // Basic constraints, critical, CA: it is its own authority.
      sequence(
        oid('2.5.29.19'),
        der(0x01, Buffer.from([0xff])),
        der(0x04, sequence(der(0x01, Buffer.from([0xff])))),
      ),
    ),
  );
  const tbs = sequence(
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, serial),
    ECDSA_WITH_SHA256,
    name,
    sequence(utcTime(new Date(now - 60_000)), utcTime(new Date(now + 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    extensions,
  );
  const signature = sign('sha256', tbs, privateKey);
  const certificate = sequence(
    tbs,
    ECDSA_WITH_SHA256,
    der(0x03, Buffer.concat([Buffer.from([0]), signature])),
  );
  const lines = certificate.toString('base64').match(/.{1,64}/g)!;
  const cert = `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
  // Parsed back as a check that the encoding is a certificate Node reads, for the address it names.
  if (!new X509Certificate(cert).checkIP(ip)) throw new Error(`the certificate does not name ${ip}`);
  return { cert, key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string };
}
