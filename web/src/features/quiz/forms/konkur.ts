import { quizPaths } from '../paths'
import type { Flow, Option } from '../types'
import { femaleOnly, linearNext, multiChoice, option, singleChoice, step, text, textQuestion } from './build'
import {
  digestionChoice,
  DISEASES_BY_DIABETES_TYPE,
  diseasesChoice,
  foodRestrictionsChoice,
  genderChoice,
  nothingOption,
  recentProblemOptions,
  weightGoalOptions,
} from './common'

/**
 * Konkur, the quiz for university-entrance-exam students (spec 3 §2, §3): kn_1 to kn_19 with kn_4 followed by kn_6;
 * kn_5 is never shown, so 18 steps are active [QN-20, QN-21]. Question ids are the step ids.
 */

const GENDER = 'kn_1'

function choices(entries: [string, string][]): Option[] {
  return entries.map(([value, title]) => option(value, text(title)))
}

/** The problems list: NOTHING, betterme's eleven symptoms plus two of students, PERIOD_NAMONAZAM for a female [QN-11]. */
function problemOptions(): Option[] {
  const symptoms = recentProblemOptions(GENDER)
  const period = symptoms.filter((symptom) => symptom.value === 'PERIOD_NAMONAZAM')
  return [
    nothingOption('هیچ‌کدام از این مشکلات را ندارم'),
    ...symptoms.filter((symptom) => symptom.value !== 'PERIOD_NAMONAZAM'),
    option('SARDARD', text('سردرد')),
    option('KAHESH_TAMARKOZ', text('کاهش تمرکز')),
    ...period.map((symptom) => ({ ...symptom, showIf: femaleOnly(GENDER) })),
  ]
}

const hate = singleChoice(
  { id: 'kn_10', name: 'hate', title: text('آیا غذایی هست که اصلا دوست نداشته باشید؟') },
  choices([
    ['NO', 'خیر'],
    ['YES', 'بله'],
  ]),
)

const hatedFoods = textQuestion(
  { id: 'kn_10_foods', name: 'hatedFoods', title: text('چه غذاهایی را دوست ندارید؟'), showIf: { question: 'kn_10', anyOf: ['YES'] } },
  undefined,
  text('مثلا بادمجان، ماهی'),
)

/** The unused step id between kn_4 and kn_6 [QN-20]. */
export const KONKUR_UNUSED_STEP = 'kn_5'

const steps = [
  step('kn_1', 1, genderChoice(GENDER)),
  step(
    'kn_2',
    2,
    singleChoice(
      { id: 'kn_2', name: 'field', title: text('رشته تحصیلی شما چیست؟') },
      choices([
        ['RIAZI', 'ریاضی و فیزیک'],
        ['TAJROBI', 'علوم تجربی'],
        ['ENSANI', 'علوم انسانی'],
        ['HONAR', 'هنر'],
        ['ZABAN', 'زبان‌های خارجی'],
      ]),
    ),
  ),
  step(
    'kn_3',
    3,
    singleChoice(
      { id: 'kn_3', name: 'goalRank', title: text('هدف شما چه رتبه‌ای است؟') },
      choices([
        ['U_100', 'زیر ۱۰۰'],
        ['U_500', 'زیر ۵۰۰'],
        ['U_1000', 'زیر ۱۰۰۰'],
        ['U_2000', 'زیر ۲۰۰۰'],
        ['U_10000', 'زیر ۱۰٬۰۰۰'],
        ['U_50000', 'زیر ۵۰٬۰۰۰'],
        ['U_100000', 'زیر ۱۰۰٬۰۰۰'],
        ['NO', 'هدف مشخصی ندارم'],
      ]),
      'select',
    ),
  ),
  step(
    'kn_4',
    4,
    singleChoice(
      { id: 'kn_4', name: 'dailyStudy', title: text('روزانه چند ساعت درس می‌خوانید؟') },
      choices([
        ['3_5', '۳ تا ۵ ساعت'],
        ['5_7', '۵ تا ۷ ساعت'],
        ['7_10', '۷ تا ۱۰ ساعت'],
        ['10_', 'بیشتر از ۱۰ ساعت'],
      ]),
    ),
  ),
  step('kn_6', 5, diseasesChoice('kn_6', DISEASES_BY_DIABETES_TYPE)),
  step('kn_7', 6, foodRestrictionsChoice('kn_7')),
  step('kn_8', 7, digestionChoice('kn_8')),
  step(
    'kn_9',
    8,
    multiChoice({ id: 'kn_9', name: 'problems', title: text('در دوران درس خواندن با کدام مشکلات روبه‌رو هستید؟') }, problemOptions()),
  ),
  // YES asks which foods, so this step has its button [QN-34, QN-35].
  { id: 'kn_10', order: 9, name: 'hate', submitOnUserAnswer: false, questions: [hate, hatedFoods] },
  step(
    'kn_11',
    10,
    singleChoice(
      { id: 'kn_11', name: 'sport', title: text('چقدر ورزش می‌کنید؟') },
      choices([
        ['NOTHING', 'ورزش نمی‌کنم'],
        ['WALKING', 'فقط پیاده‌روی'],
        ['1_2_WEEK', 'یک تا دو بار در هفته'],
        ['3_5_WEEK', 'سه تا پنج بار در هفته'],
      ]),
    ),
  ),
  step(
    'kn_12',
    11,
    singleChoice(
      { id: 'kn_12', name: 'coffee', title: text('روزانه چند فنجان قهوه یا نوشیدنی کافئین‌دار می‌نوشید؟') },
      choices([
        ['NOTHING', 'نمی‌نوشم'],
        ['1', 'یک فنجان'],
        ['2_4', '۲ تا ۴ فنجان'],
        ['4_', 'بیشتر از ۴ فنجان'],
      ]),
    ),
  ),
  step(
    'kn_13',
    12,
    singleChoice(
      { id: 'kn_13', name: 'breakfast', title: text('معمولا چه ساعتی صبحانه می‌خورید؟') },
      choices([
        ['5_7', '۵ تا ۷ صبح'],
        ['7_9', '۷ تا ۹ صبح'],
        ['9_11', '۹ تا ۱۱ صبح'],
        ['NOTHING', 'صبحانه نمی‌خورم'],
      ]),
    ),
  ),
  step(
    'kn_14',
    13,
    singleChoice(
      { id: 'kn_14', name: 'lunch', title: text('معمولا چه ساعتی ناهار می‌خورید؟') },
      choices([
        ['11_13', '۱۱ تا ۱۳'],
        ['13_15', '۱۳ تا ۱۵'],
        ['15_17', '۱۵ تا ۱۷'],
        ['17_19', '۱۷ تا ۱۹'],
        ['NOTHING', 'ناهار نمی‌خورم'],
      ]),
    ),
  ),
  step(
    'kn_15',
    14,
    singleChoice(
      { id: 'kn_15', name: 'dinner', title: text('معمولا چه ساعتی شام می‌خورید؟') },
      choices([
        ['19_21', '۱۹ تا ۲۱'],
        ['21_23', '۲۱ تا ۲۳'],
        ['23_24', '۲۳ تا ۲۴'],
        ['24_', 'بعد از نیمه‌شب'],
        ['NOTHING', 'شام نمی‌خورم'],
      ]),
    ),
  ),
  step(
    'kn_16',
    15,
    singleChoice(
      { id: 'kn_16', name: 'mentalActivityTime', title: text('بیشترین تمرکز ذهنی شما در چه ساعتی است؟') },
      choices([
        ['5_9', '۵ تا ۹ صبح'],
        ['9_13', '۹ تا ۱۳'],
        ['13_17', '۱۳ تا ۱۷'],
        ['17_21', '۱۷ تا ۲۱'],
        ['21_24', '۲۱ تا ۲۴'],
        ['24_', 'بعد از نیمه‌شب'],
      ]),
    ),
  ),
  step(
    'kn_17',
    16,
    singleChoice(
      { id: 'kn_17', name: 'place', title: text('بیشتر کجا درس می‌خوانید؟') },
      choices([
        ['SCHOOL', 'مدرسه'],
        ['HOME', 'خانه'],
        ['LIBRARY', 'کتابخانه'],
      ]),
    ),
  ),
  step(
    'kn_18',
    17,
    singleChoice(
      { id: 'kn_18', name: 'testExam', title: text('آیا در آزمون‌های آزمایشی شرکت می‌کنید؟') },
      choices([
        ['YES', 'بله'],
        ['NO', 'خیر'],
      ]),
    ),
  ),
  step('kn_19', 18, singleChoice({ id: 'kn_19', name: 'weightGoal', title: text('چه هدفی برای وزن خود دارید؟') }, weightGoalOptions())),
]

/** The form type of the konkur record comes from session storage, else `konkur` (spec 3 §7). */
export const KONKUR_DEFAULT_FORM_TYPE = 'konkur'

export const konkur: Flow = {
  id: 'konkur',
  formType: KONKUR_DEFAULT_FORM_TYPE,
  formId: '1',
  firstStep: 'kn_1',
  steps,
  next: linearNext(steps),
  stepPath: quizPaths.konkurStep,
  preparePath: quizPaths.prepareKonkurResult,
  resultPath: quizPaths.konkurResult,
  genderQuestion: GENDER,
  hasTurkish: false,
}
