/**
 * ISO 20022 payment initiation messages written as text: pain.008 (direct debits, versions
 * .001.02 and .001.08) and pain.001 (credit transfers, .001.03 and .001.09). Every text goes
 * through the SEPA character set and is cut at the length the EPC guidelines allow; amounts and
 * control sums are decimal strings summed exactly. The caller validates the result against the
 * schema (xsd-validation.ts) before it is released. A template is used rather than an XML
 * builder: the messages are flat and regular, and a 10,000-line file must be written in well
 * under a second (docs/decisions.md, "SEPA files").
 */
import { Dec } from '@lbo/model/finance/decimal';
import { sepaIdentifier, sepaText, xmlEscape } from './sepa-text.ts';

export const debitVersions = ['pain.008.001.02', 'pain.008.001.08'] as const;
export const transferVersions = ['pain.001.001.03', 'pain.001.001.09'] as const;
export type DebitVersion = (typeof debitVersions)[number];
export type TransferVersion = (typeof transferVersions)[number];
export type PainVersion = DebitVersion | TransferVersion;

/** The account holder on our side: the creditor of debits, the debtor of transfers. */
export interface PainParty {
  name: string;
  iban: string;
  bic?: string | null;
  /** The SEPA creditor identifier (debits). */
  creditorIdentifier?: string | null;
}

/** One transaction: its counterparty is the debtor of a debit, the creditor of a transfer. */
export interface PainTransaction {
  endToEndId: string;
  /** Exact decimal amount, e.g. "1234.50". */
  amount: string;
  currency: string;
  name: string;
  iban: string;
  bic?: string | null;
  mandateReference?: string;
  mandateSignatureDate?: string;
  remittanceInformation: string;
}

/** A payment information block: the transactions of one date (and sequence type for debits). */
export interface PainGroup {
  id: string;
  date: string;
  sequenceType?: 'FRST' | 'RCUR' | 'OOFF' | 'FNAL';
  transactions: PainTransaction[];
}

export interface PainMessage {
  version: PainVersion;
  messageId: string;
  /** ISO date-time of creation, without zone (`2026-03-02T10:15:00`). */
  createdAt: string;
  initiatingParty: string;
  party: PainParty;
  /** CORE or B2B, for debits. */
  scheme?: string;
  groups: PainGroup[];
}

const NAME = 70;
const REMITTANCE = 140;

const sumOf = (transactions: PainTransaction[]) => transactions.reduce((s, t) => s.plus(t.amount), new Dec(0));
const money = (value: InstanceType<typeof Dec> | string) => new Dec(value).toFixed(2);

/** The transactions' control sum, exact, as the file writes it. */
export const controlSum = (transactions: PainTransaction[]) => money(sumOf(transactions));

const e = (text: string) => xmlEscape(text);
const bicTag = (version: PainVersion) =>
  version === 'pain.008.001.02' || version === 'pain.001.001.03' ? 'BIC' : 'BICFI';
const agent = (version: PainVersion, bic: string | null | undefined) =>
  bic
    ? `<FinInstnId><${bicTag(version)}>${e(bic)}</${bicTag(version)}></FinInstnId>`
    : '<FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId>';
const account = (iban: string) => `<Id><IBAN>${e(iban.replace(/\s+/g, '').toUpperCase())}</IBAN></Id>`;

function header(message: PainMessage, transactions: PainTransaction[]): string {
  return (
    `<GrpHdr><MsgId>${e(sepaIdentifier(message.messageId))}</MsgId><CreDtTm>${message.createdAt}</CreDtTm>` +
    `<NbOfTxs>${transactions.length}</NbOfTxs><CtrlSum>${controlSum(transactions)}</CtrlSum>` +
    `<InitgPty><Nm>${e(sepaText(message.initiatingParty, NAME))}</Nm></InitgPty></GrpHdr>`
  );
}

function debitTransaction(version: PainVersion, t: PainTransaction): string {
  return (
    `\n<DrctDbtTxInf><PmtId><EndToEndId>${e(sepaIdentifier(t.endToEndId))}</EndToEndId></PmtId>` +
    `<InstdAmt Ccy="${e(t.currency)}">${money(t.amount)}</InstdAmt>` +
    `<DrctDbtTx><MndtRltdInf><MndtId>${e(sepaIdentifier(t.mandateReference))}</MndtId><DtOfSgntr>${t.mandateSignatureDate}</DtOfSgntr></MndtRltdInf></DrctDbtTx>` +
    `<DbtrAgt>${agent(version, t.bic)}</DbtrAgt><Dbtr><Nm>${e(sepaText(t.name, NAME))}</Nm></Dbtr>` +
    `<DbtrAcct>${account(t.iban)}</DbtrAcct><RmtInf><Ustrd>${e(sepaText(t.remittanceInformation, REMITTANCE))}</Ustrd></RmtInf></DrctDbtTxInf>`
  );
}

function transferTransaction(version: PainVersion, t: PainTransaction): string {
  return (
    `\n<CdtTrfTxInf><PmtId><EndToEndId>${e(sepaIdentifier(t.endToEndId))}</EndToEndId></PmtId>` +
    `<Amt><InstdAmt Ccy="${e(t.currency)}">${money(t.amount)}</InstdAmt></Amt>` +
    (t.bic ? `<CdtrAgt>${agent(version, t.bic)}</CdtrAgt>` : '') +
    `<Cdtr><Nm>${e(sepaText(t.name, NAME))}</Nm></Cdtr><CdtrAcct>${account(t.iban)}</CdtrAcct>` +
    `<RmtInf><Ustrd>${e(sepaText(t.remittanceInformation, REMITTANCE))}</Ustrd></RmtInf></CdtTrfTxInf>`
  );
}

function debitGroup(message: PainMessage, g: PainGroup): string {
  const { version, party } = message;
  return (
    `\n<PmtInf><PmtInfId>${e(sepaIdentifier(g.id))}</PmtInfId><PmtMtd>DD</PmtMtd><NbOfTxs>${g.transactions.length}</NbOfTxs>` +
    `<CtrlSum>${controlSum(g.transactions)}</CtrlSum><PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl><LclInstrm><Cd>${e(message.scheme ?? 'CORE')}</Cd></LclInstrm>` +
    `<SeqTp>${g.sequenceType ?? 'RCUR'}</SeqTp></PmtTpInf><ReqdColltnDt>${g.date}</ReqdColltnDt>` +
    `<Cdtr><Nm>${e(sepaText(party.name, NAME))}</Nm></Cdtr><CdtrAcct>${account(party.iban)}</CdtrAcct><CdtrAgt>${agent(version, party.bic)}</CdtrAgt>` +
    `<ChrgBr>SLEV</ChrgBr><CdtrSchmeId><Id><PrvtId><Othr><Id>${e(String(party.creditorIdentifier ?? ''))}</Id>` +
    '<SchmeNm><Prtry>SEPA</Prtry></SchmeNm></Othr></PrvtId></Id></CdtrSchmeId>' +
    g.transactions.map((t) => debitTransaction(version, t)).join('') +
    '\n</PmtInf>'
  );
}

function transferGroup(message: PainMessage, g: PainGroup): string {
  const { version, party } = message;
  const date =
    version === 'pain.001.001.03'
      ? `<ReqdExctnDt>${g.date}</ReqdExctnDt>`
      : `<ReqdExctnDt><Dt>${g.date}</Dt></ReqdExctnDt>`;
  return (
    `\n<PmtInf><PmtInfId>${e(sepaIdentifier(g.id))}</PmtInfId><PmtMtd>TRF</PmtMtd><NbOfTxs>${g.transactions.length}</NbOfTxs>` +
    `<CtrlSum>${controlSum(g.transactions)}</CtrlSum><PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>${date}` +
    `<Dbtr><Nm>${e(sepaText(party.name, NAME))}</Nm></Dbtr><DbtrAcct>${account(party.iban)}</DbtrAcct><DbtrAgt>${agent(version, party.bic)}</DbtrAgt>` +
    '<ChrgBr>SLEV</ChrgBr>' +
    g.transactions.map((t) => transferTransaction(version, t)).join('') +
    '\n</PmtInf>'
  );
}

const isDebit = (version: PainVersion): version is DebitVersion =>
  (debitVersions as readonly string[]).includes(version);

/** The message's XML (UTF-8, one transaction a line). */
export function painXml(message: PainMessage): string {
  const all = message.groups.flatMap((g) => g.transactions);
  const debit = isDebit(message.version);
  const root = debit ? 'CstmrDrctDbtInitn' : 'CstmrCdtTrfInitn';
  const groups = message.groups.map((g) => (debit ? debitGroup(message, g) : transferGroup(message, g))).join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:${message.version}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
    `\n<${root}>${header(message, all)}${groups}\n</${root}>\n</Document>\n`
  );
}
