import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { SignedXml } from 'xml-crypto';

/**
 * A SAML 2.0 identity provider for tests, on a loopback port: a sign-in page at `/sso` (any
 * username) answering the service provider with a signed assertion posted by the browser
 * (HTTP-POST binding), a logout endpoint at `/slo`, and `response()` to make answers directly,
 * valid or deliberately wrong. Its key and certificate are made by `openssl` for each run.
 */
export interface SigningKey {
  privateKey: string;
  certificate: string;
}

/** A self-signed RSA certificate made by the openssl command. */
export function makeSigningKey(commonName: string): SigningKey {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbo-saml-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-sha256',
        '-days',
        '2',
        '-subj',
        `/CN=${commonName}`,
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      privateKey: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      certificate: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface AssertionOptions {
  nameId: string;
  /** The service provider's entity id. */
  audience: string;
  /** The assertion consumer service. */
  recipient: string;
  attributes?: Record<string, string[]>;
  /** Signed by this key (the provider's own by default); `null` leaves the assertion unsigned. */
  signWith?: SigningKey | null;
  /** Seconds from now at which the assertion stops being valid (300 by default; negative: expired). */
  validForSeconds?: number;
  inResponseTo?: string;
}

const xmlText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface TestSamlIdp {
  entryPoint: string;
  logoutUrl: string;
  issuer: string;
  key: SigningKey;
  /** A base64 SAMLResponse. */
  response(options: AssertionOptions): string;
  close(): Promise<void>;
}

export async function startSamlIdp({
  audience,
  directory = {},
}: {
  audience: string;
  directory?: Record<string, Record<string, string[]>>;
}): Promise<TestSamlIdp> {
  const key = makeSigningKey('test identity provider');
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${base}/metadata`;

  function response(o: AssertionOptions): string {
    const now = Date.now();
    const at = (seconds: number) => new Date(now + seconds * 1000).toISOString();
    const validFor = o.validForSeconds ?? 300;
    const issued = validFor < 0 ? validFor - 300 : 0;
    const inResponseTo = o.inResponseTo ? ` InResponseTo="${xmlText(o.inResponseTo)}"` : '';
    const attributes = Object.entries(o.attributes ?? {})
      .map(
        ([name, values]) =>
          `<saml:Attribute Name="${xmlText(name)}">${values.map((v) => `<saml:AttributeValue>${xmlText(v)}</saml:AttributeValue>`).join('')}</saml:Attribute>`,
      )
      .join('');
    const assertion =
      `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_a${crypto.randomUUID()}" Version="2.0" IssueInstant="${at(issued)}">` +
      `<saml:Issuer>${issuer}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${xmlText(o.nameId)}</saml:NameID>` +
      `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${at(validFor)}" Recipient="${xmlText(o.recipient)}"${inResponseTo}/></saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${at(issued - 5)}" NotOnOrAfter="${at(validFor)}"><saml:AudienceRestriction><saml:Audience>${xmlText(o.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${at(issued)}" SessionIndex="_s${crypto.randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
      (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '') +
      `</saml:Assertion>`;
    const signer = o.signWith === undefined ? key : o.signWith;
    let signed = assertion;
    if (signer) {
      const signature = new SignedXml({
        privateKey: signer.privateKey,
        publicCert: signer.certificate,
        signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
        canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
      });
      signature.addReference({
        xpath: "//*[local-name(.)='Assertion']",
        digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
        transforms: [
          'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
          'http://www.w3.org/2001/10/xml-exc-c14n#',
        ],
      });
      signature.computeSignature(assertion, {
        location: { reference: "//*[local-name(.)='Issuer']", action: 'after' },
      });
      signed = signature.getSignedXml();
    }
    const xml =
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${crypto.randomUUID()}" Version="2.0" IssueInstant="${at(issued)}" Destination="${xmlText(o.recipient)}"${inResponseTo}>` +
      `<saml:Issuer>${issuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${signed}</samlp:Response>`;
    return Buffer.from(xml).toString('base64');
  }

  const page = (body: string) =>
    `<!doctype html><html><head><title>Identity provider</title></head><body>${body}</body></html>`;
  server.on('request', (request, reply) => {
    const url = new URL(request.url ?? '/', base);
    const send = (status: number, html: string) => {
      reply.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      reply.end(html);
    };
    if (request.method === 'GET' && url.pathname === '/sso') {
      const samlRequest = url.searchParams.get('SAMLRequest') ?? '';
      const relayState = url.searchParams.get('RelayState') ?? '';
      return send(
        200,
        page(`<h1>Identity provider sign-in</h1><form method="post" action="/sso">
        <input type="hidden" name="SAMLRequest" value="${xmlText(samlRequest)}"/><input type="hidden" name="RelayState" value="${xmlText(relayState)}"/>
        <label>Username <input name="username" id="idp-username"/></label><button type="submit" id="idp-submit">Sign in</button></form>`),
      );
    }
    if (request.method === 'POST' && url.pathname === '/sso') {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        const form = new URLSearchParams(body);
        const authnRequest = zlib.inflateRawSync(Buffer.from(form.get('SAMLRequest') ?? '', 'base64')).toString();
        const acs = /AssertionConsumerServiceURL="([^"]+)"/.exec(authnRequest)?.[1] ?? '';
        const requestId = /ID="([^"]+)"/.exec(authnRequest)?.[1];
        const nameId = form.get('username') ?? '';
        const answer = response({
          nameId,
          audience,
          recipient: acs,
          inResponseTo: requestId,
          attributes: directory[nameId],
        });
        send(
          200,
          page(`<form method="post" action="${xmlText(acs)}" id="saml-post"><input type="hidden" name="SAMLResponse" value="${answer}"/>
          <input type="hidden" name="RelayState" value="${xmlText(form.get('RelayState') ?? '')}"/></form><script>document.getElementById('saml-post').submit()</script>`),
        );
      });
      return;
    }
    if (url.pathname === '/slo') return send(200, page('<h1>Signed out of the identity provider</h1>'));
    send(404, page('not found'));
  });
  return {
    entryPoint: `${base}/sso`,
    logoutUrl: `${base}/slo`,
    issuer,
    key,
    response,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
