/**
 * Writes camt.053.001.02 statements as a bank would send them, for tests, the demo and the
 * benchmark: one statement of the given entries, its closing balance the opening plus the
 * entries (to the cent), streamed line by line so that 100,000 entries never make one string.
 */
import { Dec } from '@lbo/model/finance/decimal';

export interface GeneratedEntry {
  amount: string;
  creditDebit?: 'CRDT' | 'DBIT';
  bookingDate?: string;
  /** The day the money moved, when not the booking date. */
  valueDate?: string;
  endToEndId?: string;
  mandateReference?: string;
  remittance?: string;
  creditorReference?: string;
  counterpartyName?: string;
  counterpartyIban?: string;
  /** A returned direct debit: RtrInf with this ISO reason code. */
  returnReason?: string;
  /** A batch entry: one transaction detail per amount (the entry's amount is their sum). */
  batch?: { amount: string; endToEndId?: string; remittance?: string }[];
}

export interface GeneratedStatement {
  messageId: string;
  statementId: string;
  iban: string;
  currency?: string;
  opening: string;
  date?: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const amt = (value: string) => new Dec(value).toFixed(2);

function* entryXml(e: GeneratedEntry, ccy: string, day: string, n: number): Generator<string> {
  const cd = e.creditDebit ?? 'CRDT';
  const details = e.batch ?? [{ amount: e.amount, endToEndId: e.endToEndId, remittance: e.remittance }];
  yield `<Ntry><NtryRef>${n}</NtryRef><Amt Ccy="${ccy}">${amt(e.amount)}</Amt><CdtDbtInd>${cd}</CdtDbtInd>${e.returnReason ? '<RvslInd>true</RvslInd>' : ''}<Sts>BOOK</Sts>`;
  yield `<BookgDt><Dt>${e.bookingDate ?? day}</Dt></BookgDt><ValDt><Dt>${e.valueDate ?? e.bookingDate ?? day}</Dt></ValDt><AcctSvcrRef>BANK-${n}</AcctSvcrRef>`;
  yield `<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${e.mandateReference || e.returnReason ? 'RDDT' : 'RCDT'}</Cd><SubFmlyCd>${e.returnReason ? 'UPDD' : e.mandateReference ? 'ESDD' : 'ESCT'}</SubFmlyCd></Fmly></Domn></BkTxCd>`;
  yield '<NtryDtls>';
  if (e.batch) yield `<Btch><NbOfTxs>${e.batch.length}</NbOfTxs></Btch>`;
  for (const d of details) {
    yield '<TxDtls><Refs>';
    yield `<EndToEndId>${esc(d.endToEndId ?? 'NOTPROVIDED')}</EndToEndId>`;
    if (e.mandateReference) yield `<MndtId>${esc(e.mandateReference)}</MndtId>`;
    yield '</Refs>';
    yield `<AmtDtls><TxAmt><Amt Ccy="${ccy}">${amt(d.amount)}</Amt></TxAmt></AmtDtls>`;
    if (e.counterpartyName || e.counterpartyIban) {
      yield '<RltdPties>';
      if (e.counterpartyName) yield `<Dbtr><Nm>${esc(e.counterpartyName)}</Nm></Dbtr>`;
      if (e.counterpartyIban) yield `<DbtrAcct><Id><IBAN>${e.counterpartyIban}</IBAN></Id></DbtrAcct>`;
      yield '</RltdPties>';
    }
    if (d.remittance || e.creditorReference) {
      yield '<RmtInf>';
      if (d.remittance) yield `<Ustrd>${esc(d.remittance.slice(0, 140))}</Ustrd>`;
      if (e.creditorReference)
        yield `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry><Issr>ISO</Issr></Tp><Ref>${e.creditorReference}</Ref></CdtrRefInf></Strd>`;
      yield '</RmtInf>';
    }
    if (e.returnReason) yield `<RtrInf><Rsn><Cd>${e.returnReason}</Cd></Rsn></RtrInf>`;
    yield '</TxDtls>';
  }
  yield '</NtryDtls></Ntry>\n';
}

/** The statement's XML, piece by piece. */
export function* camt053(statement: GeneratedStatement, entries: Iterable<GeneratedEntry>): Generator<string> {
  const ccy = statement.currency ?? 'EUR';
  const day = statement.date ?? '2026-11-30';
  const list = Array.isArray(entries) ? (entries as GeneratedEntry[]) : [...entries];
  const closing = list.reduce(
    (s, e) => (e.creditDebit === 'DBIT' ? s.minus(e.amount) : s.plus(e.amount)),
    new Dec(statement.opening),
  );
  const balance = (code: string, value: InstanceType<typeof Dec>) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="${ccy}">${value.abs().toFixed(2)}</Amt><CdtDbtInd>${value.isNeg() ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${day}</Dt></Dt></Bal>`;
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>';
  yield `<GrpHdr><MsgId>${esc(statement.messageId)}</MsgId><CreDtTm>${day}T18:00:00</CreDtTm></GrpHdr>`;
  yield `<Stmt><Id>${esc(statement.statementId)}</Id><ElctrncSeqNb>1</ElctrncSeqNb><CreDtTm>${day}T18:00:00</CreDtTm>`;
  yield `<FrToDt><FrDtTm>${day}T00:00:00</FrDtTm><ToDtTm>${day}T23:59:59</ToDtTm></FrToDt>`;
  yield `<Acct><Id><IBAN>${statement.iban}</IBAN></Id><Ccy>${ccy}</Ccy></Acct>`;
  yield balance('OPBD', new Dec(statement.opening)) + balance('CLBD', closing) + '\n';
  let n = 0;
  for (const e of list) yield* entryXml(e, ccy, day, ++n);
  yield '</Stmt></BkToCstmrStmt></Document>\n';
}

/** The whole statement as one buffer (tests, the demo). */
export const camt053File = (statement: GeneratedStatement, entries: GeneratedEntry[]) =>
  Buffer.from([...camt053(statement, entries)].join(''), 'utf8');
