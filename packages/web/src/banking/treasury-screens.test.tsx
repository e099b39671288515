import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TreasuryArbitrationScreen, TreasuryMoveMoneyScreen, TreasurySetOverdraftScreen } from './TreasuryScreens.tsx';

const render = (screen: React.ReactNode) =>
  renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{screen}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('the treasury screens', () => {
  it('show their forms: accounts, amount, target, limit and reason', () => {
    const move = render(<TreasuryMoveMoneyScreen />);
    expect(move).toContain('data-testid="move-money"');
    for (const label of ['From account', 'To account', 'Amount', 'Value date', 'Reason']) expect(move).toContain(label);
    const arbitration = render(<TreasuryArbitrationScreen />);
    expect(arbitration).toContain('data-testid="arbitration"');
    expect(arbitration).toContain('Target balance');
    const overdraft = render(<TreasurySetOverdraftScreen />);
    expect(overdraft).toContain('data-testid="set-overdraft"');
    expect(overdraft).toContain('Overdraft limit');
    // No result before an operation is made.
    expect(move + arbitration + overdraft).not.toContain('treasury-result');
  });
});
