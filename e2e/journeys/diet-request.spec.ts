import { execFile, execFileSync } from 'node:child_process'
import { promisify } from 'node:util'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { bffBin, type RunningBff } from '../support/bff'
import { demoCustomer } from '../support/demo'
import { withPersianDigits } from '../support/money'
import { buyOneMonthDiet, payOnline } from '../support/shop'

/** This year in the Jalali calendar. */
const jalaliYear = () =>
  Number(new Intl.DateTimeFormat('en-US-u-ca-persian', { year: 'numeric' }).formatToParts(new Date()).find((part) => part.type === 'year')?.value)

const section = (page: Page) => page.getByTestId('diet-request')
const question = (page: Page, id: string): Locator => page.locator(`[data-testid="quiz-question"][data-question-id="${id}"]`)

/** Types a measurement as a phone keyboard would, in Persian digits (and the Persian decimal separator). */
async function typeNumber(page: Page, id: string, value: string) {
  await question(page, id).getByTestId('quiz-number').pressSequentially(withPersianDigits(value).replace('.', '٫'))
}

const choose = (page: Page, id: string, label: string) =>
  question(page, id).getByRole('radio', { name: label, exact: true }).click()
const tick = (page: Page, id: string, label: string) =>
  question(page, id).getByRole('checkbox', { name: label, exact: true }).check()
const pick = (page: Page, id: string, label: string) => question(page, id).getByTestId('quiz-select').selectOption({ label })
const write = (page: Page, id: string, text: string) => question(page, id).getByTestId('quiz-textbox').fill(text)

/** Waits for section `formId` (f1…f10) with its progress line, e.g. «بخش ۳ از ۱۰». */
async function expectSection(page: Page, formId: string) {
  await expect(page).toHaveURL(new RegExp(`#/form/${formId}$`))
  await expect(section(page)).toHaveAttribute('data-step', formId)
  await expect(section(page)).toContainText(`بخش ${withPersianDigits(formId.slice(1))} از ۱۰`)
}

/** Presses «مرحله بعد» (enabled only once the section is valid) and waits for section `nextId`. */
async function nextSection(page: Page, nextId: string) {
  await expect(page.getByTestId('quiz-submit')).toBeEnabled()
  await page.getByTestId('quiz-submit').click()
  await expectSection(page, nextId)
}

/** The signed-in customer's active diet package, as the BFF reports it to the app (GET /app/diets/active). */
async function activeDiet(page: Page): Promise<{ status: string; dietNumber?: string | null }> {
  const token = await page.evaluate(() => localStorage.getItem('token'))
  const response = await page.request.get('/app/diets/active', { headers: { Authorization: `Bearer ${token ?? ''}` } })
  expect(response.status(), await response.text()).toBe(200)
  return ((await response.json()) as { msg: { activeDiet: { status: string; dietNumber?: string | null } } }).msg.activeDiet
}

const run = promisify(execFile)

/** `bff diets …` against this test's database, as the medical team runs it from a terminal. */
async function dietTeam(bff: RunningBff, ...args: string[]): Promise<string> {
  const { stdout } = await run(bffBin, ['diets', ...args], {
    env: { ...process.env, DATABASE_URL: `sqlite://${bff.databaseFile}`, NO_COLOR: '1' },
  })
  return stdout
}

/** A Gregorian day `days` after today in Tehran, as the team's command writes it (YYYY-MM-DD). */
function tehranDay(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Tehran' })
}

/** The Jalali day, month and year `days` after today in Tehran, as the start-date selects hold them. */
function tehranJalali(days: number): Record<'day' | 'month' | 'year', string> {
  const persian = new Intl.DateTimeFormat('en-u-ca-persian-nu-latn', {
    timeZone: 'Asia/Tehran',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  })
  const parts = persian.formatToParts(Date.now() + days * 86_400_000)
  const part = (type: 'day' | 'month' | 'year') => String(Number.parseInt(parts.find((p) => p.type === type)?.value ?? '', 10))
  return { day: part('day'), month: part('month'), year: part('year') }
}

/** The stored medical profile's age, weight and fixed location, from the test's own database. */
function storedProfile(databaseFile: string): string {
  return execFileSync('sqlite3', [
    databaseFile,
    "SELECT json_extract(profile, '$.general.age'), json_extract(profile, '$.body.weight'), country_code, state, city FROM medical_profile",
  ])
    .toString('utf8')
    .trim()
}

test.describe('the detailed diet request on a 390 px phone', () => {
  test('a customer who paid for a diet answers f1 to f10, the team issues it from the command line, and the customer follows it in the panel [QN-31, QN-64, QN-65, DS-20, DS-27]', async ({
    page,
    simulators,
    bff,
  }) => {
    // The longest journey (a purchase, ten questionnaire pages, a CLI run, the panel): about 30 s on a busy 2-core
    // machine, the default budget.
    test.setTimeout(60_000)
    // Arrange: the one-month diet, paid on the gateway page; the paid diet now waits for the answers.
    await buyOneMonthDiet(page, simulators, demoCustomer('09120000002').mobile)
    await payOnline(page)
    await page.getByTestId('sim-pay').click()
    await expect(page).toHaveURL(/#\/payment-success\?orderId=\d+/)
    expect((await activeDiet(page)).status).toBe('ANSWERING_QUESTIONS')
    // The success page names the next step, the diet questions, with the button that opens them.
    await expect(page.getByTestId('next-step-questions')).toContainText('قدم بعدی: به سوالات رژیم پاسخ دهید')
    await expect(page.getByRole('link', { name: 'تکمیل سوالات' })).toHaveAttribute('href', '#/form/f1')

    // The panel home shows the paid diet waiting for its questions and leads to them.
    await page.goto('/#/diets')
    await expect(page.getByTestId('active-diet-state')).toHaveText('در حال پاسخ به سوالات')
    await page.getByTestId('answer-questions').click()

    // f1: body measurements. The age comes right after gender: 14 is out of range, then a valid age in Persian digits.
    await expectSection(page, 'f1')
    await expect(page.getByTestId('diet-request-about')).toContainText('سوال کوتاه دارد')
    await choose(page, 'gender', 'خانم')
    const age = question(page, 'age')
    await age.getByTestId('quiz-number').pressSequentially('۱۴')
    await expect(age.getByTestId('field-error')).toHaveText('سن باید بین 15 تا 70 سال باشد')
    await age.getByTestId('quiz-number').clear()
    await age.getByTestId('quiz-number').pressSequentially('۳۲')
    await expect(age.getByTestId('quiz-number')).toHaveValue('32')
    await expect(age.getByTestId('field-error')).toHaveCount(0)
    const measurements: [string, string][] = [
      ['weight', '68.5'],
      ['stature', '165'],
      ['wrist', '15'],
      ['shoulders', '40'],
      ['chest', '90'],
      ['abdominal', '78'],
      ['hip', '100'],
      ['thigh', '55'],
      ['birthWeight', '3.2'],
      ['birthStature', '50'],
      ['fatherStature', '175'],
      ['motherStature', '160'],
    ]
    for (const [id, value] of measurements) await typeNumber(page, id, value)
    await expect(question(page, 'birthWeight').getByTestId('quiz-number')).toHaveValue('3.2')
    await nextSection(page, 'f2')

    // f2: health; the medication names appear only once she says she takes some.
    await choose(page, 'headache', 'خیر')
    await choose(page, 'thyroid', 'کم‌کاری')
    await choose(page, 'pressure', 'طبیعی')
    await choose(page, 'anemia', 'خیر')
    await expect(question(page, 'medicationNames')).toHaveCount(0)
    await choose(page, 'medication', 'بله')
    await write(page, 'medicationNames', 'لووتیروکسین')
    await nextSection(page, 'f3')

    await tick(page, 'discomforts', 'خستگی مزمن')
    await tick(page, 'discomforts', 'ریزش مو')
    await nextSection(page, 'f4')

    await choose(page, 'appetite', 'معمولی')
    await choose(page, 'temperament', 'معتدل')
    await pick(page, 'sleepHours', '۶ تا ۸ ساعت')
    await nextSection(page, 'f5')

    await tick(page, 'digestion', 'مشکلی ندارم')
    await nextSection(page, 'f6')

    // f6: a recent blood test, so its values are asked for.
    await choose(page, 'hasBloodTest', 'بله')
    for (const [id, value] of [
      ['glucose', '92'],
      ['triglyceride', '140'],
      ['cholesterol', '180'],
      ['uricAcid', '4.5'],
      ['platelet', '250'],
    ] as const) {
      await typeNumber(page, id, value)
    }
    await nextSection(page, 'f7')

    await pick(page, 'exerciseDays', '۳ روز')
    await pick(page, 'exerciseDuration', '۱ ساعت')
    await choose(page, 'trainingIntensity', '۶۰ تا ۸۰ درصد')
    await nextSection(page, 'f8')

    // f8 is asked of women only.
    await choose(page, 'pregnant', 'خیر')
    await choose(page, 'breastFeeding', 'خیر')
    await choose(page, 'periodRegular', 'بله')
    await nextSection(page, 'f9')

    await write(page, 'favouriteFoods', 'قورمه‌سبزی و سالاد شیرازی')
    await write(page, 'dislikedFoods', 'جگر')
    await nextSection(page, 'f10')

    // f10: personal details, then the confirmation popup before anything is sent [QN-64].
    await choose(page, 'marital', 'متاهل')
    await pick(page, 'education', 'کارشناسی')
    await pick(page, 'blood', '\u2066O+\u2069')
    const birthDate = question(page, 'birthDate')
    await birthDate.getByTestId('date-day').selectOption('21')
    await birthDate.getByTestId('date-month').selectOption('6')
    // A birth year that makes the 32-year-old of section 1 a child is refused on the birth date, in Persian.
    await birthDate.getByTestId('date-year').selectOption('1395')
    await expect(birthDate.getByTestId('field-error')).toHaveText(
      'این تاریخ تولد با سنی که در بخش ۱ وارد کرده‌اید جور نیست؛ یکی از آن دو را اصلاح کنید.',
    )
    await expect(page.getByTestId('quiz-submit')).toBeDisabled()
    // Her real birth year: 32 years before this Jalali year, whenever the journey runs.
    await birthDate.getByTestId('date-year').selectOption(String(jalaliYear() - 32))
    await expect(birthDate.getByTestId('field-error')).toHaveCount(0)
    await write(page, 'job', 'معلم')
    await write(page, 'city', 'تبریز')
    await expect(page.getByTestId('quiz-submit')).toHaveText('ثبت درخواست رژیم')
    await expect(page.getByTestId('quiz-submit')).toBeEnabled()
    await page.getByTestId('quiz-submit').click()
    const confirm = page.getByRole('dialog', { name: 'تایید اطلاعات وارد شده' })
    await expect(confirm.getByTestId('diet-request-declaration')).toBeVisible()
    await expect(page).toHaveURL(/#\/form\/f10$/)
    await confirm.getByTestId('diet-request-confirm').click()

    // The profile and the diet request went through: /finish, and the BFF now issues the paid diet.
    await expect(page).toHaveURL(/#\/finish$/)
    await expect(page.getByRole('heading', { name: 'درخواست رژیم شما ثبت شد' })).toBeVisible()
    const diet = await activeDiet(page)
    expect(diet.status).toBe('ISSUING')
    expect(diet.dietNumber ?? '').not.toBe('')
    expect(storedProfile(bff.databaseFile)).toBe('32|68.5|TR|2170|107851')

    // The medical team writes the diet and starts it today, from the command line; each change is recorded.
    const listed = await dietTeam(bff, 'list', '--mobile', '09120000002')
    const dietId = listed.split('\n')[1]?.split('\t')[0] ?? ''
    expect(dietId, listed).toMatch(/^\d+$/)
    await dietTeam(bff, 'ready', dietId, '--by', 'e2e-dietitian')
    await dietTeam(bff, 'start', dietId, '--date', tehranDay(0), '--by', 'e2e-dietitian')
    expect(await dietTeam(bff, 'changes', dietId)).toContain('e2e-dietitian')

    // The customer sees the diet active with its days left, and moves its start to tomorrow.
    await page.goto('/#/diets')
    await expect(page.getByTestId('active-diet-state')).toHaveText('فعال')
    await expect(page.getByTestId('active-diet')).toContainText('روز از رژیم شما باقی مانده است')
    const tomorrow = tehranJalali(1)
    // Year and month first: they decide which days the day select offers.
    for (const part of ['year', 'month', 'day'] as const) {
      await page.getByTestId(`start-date-${part}`).selectOption(tomorrow[part])
    }
    await page.getByTestId('start-date-save').click()
    await expect(page.getByTestId('start-date-edits')).toHaveText('تعداد ویرایش تاریخ شروع: ۱')
    expect(await dietTeam(bff, 'changes', dietId)).toMatch(/customer/i)
  })
})
