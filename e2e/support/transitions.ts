import type { Page } from 'playwright-core';

/** The question an irreversible transition asks (its `confirm` declaration), as shown. */
export const transitionQuestion = (page: Page) => page.getByTestId('transition-confirm');

/** Answers the question an irreversible transition asks with OK (or Cancel), once it is shown. */
export async function answerTransitionQuestion(page: Page, { ok = true } = {}): Promise<string> {
  const question = transitionQuestion(page);
  await question.waitFor();
  const text = await question.innerText();
  const dialog = page.locator('.ant-modal-confirm').filter({ has: question });
  await dialog
    .locator('.ant-modal-confirm-btns button')
    .nth(ok ? 1 : 0)
    .click();
  await question.waitFor({ state: 'detached' });
  return text;
}
