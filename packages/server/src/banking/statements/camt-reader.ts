/**
 * A streaming reader of ISO 20022 camt.053 (BkToCstmrStmt) and camt.054 (BkToCstmrDbtCdtNtfctn)
 * messages, versions .02, .04 and .08, on saxes: the file is fed in chunks and each statement's
 * header and each entry come out as soon as they are read, so a file of 100,000 entries is never
 * held whole. An entry with several transaction details (a batch) comes out as one transaction
 * per detail. Amounts stay the text the bank wrote (exact); `units` turns them into integers.
 */
import { SaxesParser } from 'saxes';

/** A balance: signed amount (a debit balance is negative), its date. */
export interface CamtBalance {
  amount: string;
  date?: string;
}

export interface CamtStatement {
  /** 053 (statement) or 054 (notification). */
  kind: '053' | '054';
  id?: string;
  sequenceNumber?: string;
  creationDate?: string;
  fromDate?: string;
  toDate?: string;
  iban?: string;
  /** An account identified otherwise than by IBAN. */
  accountId?: string;
  currency?: string;
  opening?: CamtBalance;
  closing?: CamtBalance;
}

/** One transaction: an entry, or one detail of a batch entry. */
export interface CamtTransaction {
  entryReference?: string;
  accountServicerReference?: string;
  creditDebit: 'CRDT' | 'DBIT';
  amount: string;
  currency?: string;
  reversal: boolean;
  /** BOOK, PDNG, INFO… (entry status). */
  entryStatus?: string;
  bookingDate?: string;
  valueDate?: string;
  bankTransactionCode?: string;
  endToEndId?: string;
  mandateReference?: string;
  transactionId?: string;
  remittanceInformation?: string;
  creditorReference?: string;
  counterpartyName?: string;
  counterpartyIban?: string;
  returnReason?: string;
}

/** An entry as booked (what balances add up), and the transactions it expands into. */
export interface CamtEntry {
  creditDebit: 'CRDT' | 'DBIT';
  amount: string;
  entryStatus?: string;
  transactions: CamtTransaction[];
  /** Every value the entry holds, by path (what tells two entries apart, even in fields not kept). */
  content: string;
}

export interface CamtHandlers {
  header(header: { messageId?: string; creationDate?: string; namespace: string }): void;
  statement(statement: CamtStatement): void;
  entry(statement: CamtStatement, entry: CamtEntry): void;
  statementEnd(statement: CamtStatement): void;
}

type Fields = Record<string, string>;
const dateOf = (value: string | undefined) => value?.slice(0, 10);
const clean = (value: string) => value.replace(/\s+/g, ' ').trim();

/** The transaction fields of an entry's or a detail's paths (relative to Ntry or TxDtls). */
function transactionFields(f: Fields, ustrd: string[], creditDebit: 'CRDT' | 'DBIT'): Partial<CamtTransaction> {
  const debtor = f['RltdPties/Dbtr/Nm'] ?? f['RltdPties/Dbtr/Pty/Nm'];
  const creditor = f['RltdPties/Cdtr/Nm'] ?? f['RltdPties/Cdtr/Pty/Nm'];
  const debtorIban = f['RltdPties/DbtrAcct/Id/IBAN'];
  const creditorIban = f['RltdPties/CdtrAcct/Id/IBAN'];
  // Money in: the other party is the debtor; money out: the creditor (the other one when absent).
  const [name, iban] =
    creditDebit === 'CRDT'
      ? [debtor ?? creditor, debtorIban ?? creditorIban]
      : [creditor ?? debtor, creditorIban ?? debtorIban];
  const domain = [f['BkTxCd/Domn/Cd'], f['BkTxCd/Domn/Fmly/Cd'], f['BkTxCd/Domn/Fmly/SubFmlyCd']]
    .filter(Boolean)
    .join('/');
  const remittance = clean([...ustrd, f.AddtlTxInf ?? ''].join(' '));
  const endToEndId = f['Refs/EndToEndId'];
  return {
    endToEndId: endToEndId && endToEndId !== 'NOTPROVIDED' ? endToEndId : undefined,
    mandateReference: f['Refs/MndtId'],
    transactionId: f['Refs/TxId'],
    accountServicerReference: f['Refs/AcctSvcrRef'],
    remittanceInformation: remittance || undefined,
    creditorReference: f['RmtInf/Strd/CdtrRefInf/Ref'],
    counterpartyName: name,
    counterpartyIban: iban,
    returnReason: f['RtrInf/Rsn/Cd'] ?? f['RtrInf/Rsn/Prtry'],
    bankTransactionCode: domain || f['BkTxCd/Prtry/Cd'] || undefined,
  };
}

const defined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as T;

/** A reader to feed with `write(chunk)` then `close()`; throws on XML that is not well-formed. */
export function camtReader(handlers: CamtHandlers) {
  const parser = new SaxesParser({ xmlns: true, position: false });
  const stack: string[] = [];
  let text = '';
  let namespace = '';
  let group: Fields | undefined;
  let statement:
    | { fields: Fields; balances: { fields: Fields; ccy?: string }[]; started: boolean; value?: CamtStatement }
    | undefined;
  let balance: { fields: Fields } | undefined;
  let entry:
    | { fields: Fields; ccy?: string; ustrd: string[]; details: { fields: Fields; ccy?: string; ustrd: string[] }[] }
    | undefined;
  let detail: { fields: Fields; ccy?: string; ustrd: string[] } | undefined;
  let amountCurrency: string | undefined;

  /** The path below the innermost element named `root`. */
  const below = (root: string) => stack.slice(stack.lastIndexOf(root) + 1).join('/');

  const statementValue = (): CamtStatement => {
    const s = statement!;
    if (s.value) return s.value;
    const f = s.fields;
    const signed = (b: { fields: Fields }) => (b.fields.CdtDbtInd === 'DBIT' ? `-${b.fields.Amt}` : b.fields.Amt);
    const balanceOf = (codes: string[]) => {
      const b = s.balances.find((x) =>
        codes.includes(x.fields['Tp/CdOrPrtry/Cd'] ?? x.fields['Tp/CdOrPrtry/Prtry'] ?? ''),
      );
      return b?.fields.Amt ? { amount: signed(b), date: dateOf(b.fields['Dt/Dt'] ?? b.fields['Dt/DtTm']) } : undefined;
    };
    s.value = defined({
      kind: namespace.includes('camt.054') ? ('054' as const) : ('053' as const),
      id: f.Id,
      sequenceNumber: f.ElctrncSeqNb ?? f.LglSeqNb,
      creationDate: f.CreDtTm,
      fromDate: dateOf(f['FrToDt/FrDtTm']),
      toDate: dateOf(f['FrToDt/ToDtTm']),
      iban: f['Acct/Id/IBAN'],
      accountId: f['Acct/Id/Othr/Id'],
      currency: f['Acct/Ccy'] ?? s.balances[0]?.ccy,
      opening: balanceOf(['OPBD', 'PRCD']),
      closing: balanceOf(['CLBD']),
    });
    return s.value;
  };

  const startStatement = () => {
    if (statement && !statement.started) {
      statement.started = true;
      handlers.statement(statementValue());
    }
  };

  parser.on('opentag', (tag) => {
    const name = tag.local;
    stack.push(name);
    text = '';
    if (stack.length === 1) namespace = tag.uri;
    const ccy = tag.attributes.Ccy;
    amountCurrency = name === 'Amt' && ccy ? String(typeof ccy === 'string' ? ccy : ccy.value) : amountCurrency;
    const parent = stack[stack.length - 2];
    if (name === 'GrpHdr' && stack.length === 3) group = {};
    else if ((name === 'Stmt' || name === 'Ntfctn') && stack.length === 3)
      statement = { fields: {}, balances: [], started: false };
    else if (name === 'Bal' && statement && !entry) {
      balance = { fields: {} };
      statement.balances.push(balance);
    } else if (name === 'Ntry' && statement && (parent === 'Stmt' || parent === 'Ntfctn')) {
      startStatement();
      entry = { fields: {}, ustrd: [], details: [] };
    } else if (name === 'TxDtls' && entry) {
      detail = { fields: {}, ustrd: [] };
      entry.details.push(detail);
    }
  });

  parser.on('text', (t) => {
    text += t;
  });
  parser.on('cdata', (t) => {
    text += t;
  });

  parser.on('closetag', (tag) => {
    const name = tag.local;
    const value = text.trim();
    text = '';
    if (detail) {
      if (name === 'TxDtls') detail = undefined;
      else {
        const path = below('TxDtls');
        if (path === 'RmtInf/Ustrd') detail.ustrd.push(value);
        else if (value) detail.fields[path] ??= value;
        if (path === 'Amt' || path === 'AmtDtls/TxAmt/Amt') detail.ccy = amountCurrency;
      }
    } else if (entry) {
      if (name === 'Ntry') {
        handlers.entry(statementValue(), expand(entry));
        entry = undefined;
      } else if (!stack.includes('TxDtls')) {
        const path = below('Ntry');
        if (path === 'Amt') entry.ccy = amountCurrency;
        if (value) entry.fields[path] ??= value;
      }
    } else if (balance) {
      if (name === 'Bal') balance = undefined;
      else {
        const path = below('Bal');
        if (path === 'Amt') statement!.balances[statement!.balances.length - 1].ccy = amountCurrency;
        if (value) balance.fields[path] ??= value;
      }
    } else if (statement) {
      if (name === 'Stmt' || name === 'Ntfctn') {
        startStatement();
        handlers.statementEnd(statementValue());
        statement = undefined;
      } else if (value) statement.fields[below(stack.includes('Stmt') ? 'Stmt' : 'Ntfctn')] ??= value;
    } else if (group) {
      if (name === 'GrpHdr') {
        handlers.header({ messageId: group.MsgId, creationDate: group.CreDtTm, namespace });
        group = undefined;
      } else if (value) group[below('GrpHdr')] ??= value;
    }
    stack.pop();
  });

  let failure: Error | undefined;
  parser.on('error', (e) => {
    failure ??= e;
  });
  const check = () => {
    if (failure) throw failure;
  };
  return {
    write(chunk: string) {
      parser.write(chunk);
      check();
    },
    close() {
      parser.close();
      check();
    },
  };
}

type Part = { fields: Fields; ccy?: string; ustrd: string[] };

/** An entry's transactions: one per detail of a batch whose details carry their amounts, else one. */
function expand(entry: Part & { details: Part[] }): CamtEntry {
  const f = entry.fields;
  const creditDebit = f.CdtDbtInd === 'DBIT' ? 'DBIT' : 'CRDT';
  const base = {
    entryReference: f.NtryRef,
    accountServicerReference: f.AcctSvcrRef,
    reversal: f.RvslInd === 'true' || f.RvslInd === '1',
    entryStatus: f['Sts/Cd'] ?? f.Sts,
    bookingDate: dateOf(f['BookgDt/Dt'] ?? f['BookgDt/DtTm']),
    valueDate: dateOf(f['ValDt/Dt'] ?? f['ValDt/DtTm']),
  };
  const entryFields = transactionFields(f, f.AddtlNtryInf ? [f.AddtlNtryInf] : [], creditDebit);
  const amountOf = (d: Part) => d.fields.Amt ?? d.fields['AmtDtls/TxAmt/Amt'];
  const details = entry.details;
  const batch = details.length > 1 && details.every((d) => amountOf(d));
  const parts = batch ? details : [details[0]];
  const transactions = parts.map((d): CamtTransaction => {
    const own = d
      ? defined(transactionFields(d.fields, d.ustrd, (d.fields.CdtDbtInd ?? creditDebit) as 'CRDT' | 'DBIT'))
      : {};
    return defined({
      ...base,
      ...defined(entryFields),
      ...own,
      creditDebit:
        (batch && d?.fields.CdtDbtInd === 'DBIT') || (!batch && creditDebit === 'DBIT')
          ? ('DBIT' as const)
          : batch && d?.fields.CdtDbtInd === 'CRDT'
            ? ('CRDT' as const)
            : creditDebit,
      amount: batch ? amountOf(d!)! : f.Amt,
      currency: batch ? (d!.ccy ?? entry.ccy) : entry.ccy,
      reversal: base.reversal,
    });
  });
  const content = JSON.stringify([f, ...details.map((d) => [d.fields, d.ustrd])]);
  return { creditDebit, amount: f.Amt, entryStatus: base.entryStatus, transactions, content };
}

/** A decimal text as an integer of 10^-scale units (exact); throws on anything else. */
export function units(amount: string, scale = 5): bigint {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!m) throw new Error(`not an amount: ${amount}`);
  const decimals = (m[3] ?? '').padEnd(scale, '0');
  if (decimals.length > scale) throw new Error(`too many decimals: ${amount}`);
  const value = BigInt(m[2] + decimals);
  return m[1] ? -value : value;
}
