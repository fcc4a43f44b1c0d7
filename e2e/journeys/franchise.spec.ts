import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, test } from '../fixtures'
import { bffBin, type RunningBff } from '../support/bff'
import { demoCustomer } from '../support/demo'
import { signInWithSms } from '../support/sign-in'

const run = promisify(execFile)

/** `bff franchise …` against this test's database, as the team runs it. */
async function franchise(bff: RunningBff, ...args: string[]): Promise<string> {
  const { stdout } = await run(bffBin, ['franchise', ...args], {
    env: { ...process.env, DATABASE_URL: `sqlite://${bff.databaseFile}`, NO_COLOR: '1' },
  })
  return stdout
}

test('a member marked from the command line signs in and opens the franchise leaderboard [DS-28, DS-29]', async ({
  page,
  bff,
  simulators,
}) => {
  const member = demoCustomer('09120000001')
  const granted = await franchise(bff, 'grant', member.mobile, '--by', 'e2e-team')
  expect(granted).toMatch(/referral code [A-Z2-9]{6}/)

  // An anonymous visitor is sent to sign in first, then back to the page.
  await page.goto('/#/franchise')
  await expect(page).toHaveURL(/#\/enter/)
  await signInWithSms(page, simulators, member.mobile)
  await expect(page).toHaveURL(/#\/franchise$/)

  await expect(page.getByTestId('franchise-page')).toHaveAttribute('data-franchizer', 'true')
  const mine = page.getByTestId('leaderboard-entry').and(page.locator('[data-me="true"]'))
  await expect(mine).toContainText('۰۹۱۲*****۰۱')
  await expect(page.getByTestId('my-rank')).toContainText('۱')
  await expect(page.getByTestId('not-franchizer')).toHaveCount(0)
})
