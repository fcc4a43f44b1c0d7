import { quizPaths } from '../paths'
import type { Flow, Option } from '../types'
import {
  linearNext,
  multiChoice,
  numberQuestion,
  option,
  singleChoice,
  sliderQuestion,
  step,
  text,
  textQuestion,
} from './build'
import { genderChoice } from './common'

/**
 * Psychology of eating (spec 3 §3): linear 1 to 22 [QN-19]. Steps 20 to 22 (stress level, meals a day, the main
 * concern in a sentence) complete the 22 steps the spec counts; their wording is ours.
 */

const GENDER = 'psy_1'

/** The frequency scale, most frequent first. */
export const FREQUENCY_VALUES = ['ALWAYS', 'OFTEN', 'SOMETIMES', 'RARELY', 'NEVER'] as const
export type Frequency = (typeof FREQUENCY_VALUES)[number]

function frequencyOptions(): Option[] {
  const titles: Record<Frequency, string> = {
    ALWAYS: 'همیشه',
    OFTEN: 'اغلب',
    SOMETIMES: 'گاهی',
    RARELY: 'به ندرت',
    NEVER: 'هرگز',
  }
  return FREQUENCY_VALUES.map((value) => option(value, text(titles[value])))
}

/** The nine frequency questions, by step: the areas the result groups them into. */
export const FREQUENCY_QUESTIONS = {
  psy_3: { name: 'sleepRegularity', area: 'sleep', title: 'چقدر خواب منظمی دارید؟' },
  psy_4: { name: 'fatigue', area: 'mood', title: 'چقدر در طول روز احساس خستگی می‌کنید؟' },
  psy_5: { name: 'procrastination', area: 'mood', title: 'چقدر کارهایتان را به تعویق می‌اندازید؟' },
  psy_6: { name: 'bingeEating', area: 'eating', title: 'چقدر دچار پرخوری ناگهانی می‌شوید؟' },
  psy_7: { name: 'anorexia', area: 'eating', title: 'چقدر پیش می‌آید که اشتهایتان را کاملا از دست بدهید؟' },
  psy_8: { name: 'partyOvereating', area: 'eating', title: 'چقدر در مهمانی‌ها بیش از اندازه غذا می‌خورید؟' },
  psy_9: { name: 'avoidance', area: 'mood', title: 'چقدر از روبه‌رو شدن با مشکلات فرار می‌کنید؟' },
  psy_10: { name: 'insomnia', area: 'sleep', title: 'چقدر دچار بی‌خوابی می‌شوید؟' },
  psy_11: { name: 'newStartStress', area: 'mood', title: 'چقدر شروع کارهای جدید برایتان استرس‌زاست؟' },
} as const

export type FrequencyArea = (typeof FREQUENCY_QUESTIONS)[keyof typeof FREQUENCY_QUESTIONS]['area']

/** A statements checkbox group with its exclusive NONE. */
function statements(entries: [string, string][]): Option[] {
  return [
    ...entries.map(([value, title]) => option(value, text(title))),
    option('NONE', text('هیچ‌کدام از این جمله‌ها درباره من صدق نمی‌کند'), { xor: true }),
  ]
}

const DISEASE_HISTORY: [string, string][] = [
  ['NOTHING', 'هیچ‌کدام'],
  ['ANEMIA', 'کم‌خونی'],
  ['HYPOTHYROIDISM', 'کم‌کاری تیروئید'],
  ['HYPERTHYROIDISM', 'پرکاری تیروئید'],
  ['DIABET', 'دیابت'],
  ['PSYCHIATRIC', 'بیماری‌های اعصاب و روان'],
  ['WEAKNESS_SYSTEM', 'ضعف سیستم ایمنی'],
  ['LIVER', 'بیماری کبدی'],
  ['HORMONAL', 'اختلالات هورمونی'],
]

function diseaseHistoryOptions(): Option[] {
  return DISEASE_HISTORY.map(([value, title]) => option(value, text(title), value === 'NOTHING' ? { xor: true } : {}))
}

const frequencySteps = Object.entries(FREQUENCY_QUESTIONS).map(([id, question]) =>
  step(id.replace('psy_', ''), Number(id.replace('psy_', '')), singleChoice({ id, name: question.name, title: text(question.title) }, frequencyOptions())),
)

const steps = [
  step('1', 1, genderChoice(GENDER)),
  step(
    '2',
    2,
    singleChoice({ id: 'psy_2', name: 'age', title: text('چند سال دارید؟') }, [
      option('UNDER_20', text('زیر ۲۰ سال')),
      option('20_30', text('۲۰ تا ۳۰ سال')),
      option('30_40', text('۳۰ تا ۴۰ سال')),
      option('40_50', text('۴۰ تا ۵۰ سال')),
      option('UP_50', text('بالای ۵۰ سال')),
    ]),
  ),
  ...frequencySteps,
  step(
    '12',
    12,
    multiChoice(
      { id: 'psy_12', name: 'selfBlame', title: text('کدام جمله‌ها درباره شما صدق می‌کند؟') },
      statements([
        ['BLAME_AFTER_EATING', 'بعد از غذا خوردن خودم را سرزنش می‌کنم'],
        ['BLAME_FAILED_DIET', 'شکست رژیم‌های قبلی را تقصیر خودم می‌دانم'],
        ['BLAME_WEIGHT', 'وزنم را نشانه ضعف اراده‌ام می‌دانم'],
      ]),
    ),
  ),
  step(
    '13',
    13,
    multiChoice(
      { id: 'psy_13', name: 'irritability', title: text('کدام جمله‌ها درباره زودرنجی شما صدق می‌کند؟') },
      statements([
        ['IRRITABLE_HUNGRY', 'وقتی گرسنه‌ام زود عصبانی می‌شوم'],
        ['IRRITABLE_CRITICISM', 'از انتقاد دیگران درباره غذا خوردنم ناراحت می‌شوم'],
        ['IRRITABLE_TIRED', 'در خستگی تحمل کمتری دارم'],
      ]),
    ),
  ),
  step(
    '14',
    14,
    multiChoice(
      { id: 'psy_14', name: 'bodyImage', title: text('درباره تصویر بدنتان کدام جمله‌ها درست است؟') },
      statements([
        ['AVOID_MIRROR', 'از نگاه کردن به آینه دوری می‌کنم'],
        ['COMPARE_OTHERS', 'بدنم را مدام با دیگران مقایسه می‌کنم'],
        ['HIDE_BODY', 'لباس‌هایی می‌پوشم که بدنم را پنهان کند'],
      ]),
    ),
  ),
  step(
    '15',
    15,
    multiChoice(
      { id: 'psy_15', name: 'eatingControl', title: text('درباره کنترل غذا خوردن کدام جمله‌ها درست است؟') },
      statements([
        ['EAT_WHEN_SAD', 'وقتی ناراحتم بیشتر غذا می‌خورم'],
        ['CANNOT_STOP', 'وقتی شروع به خوردن می‌کنم نمی‌توانم دست بکشم'],
        ['EAT_SECRETLY', 'گاهی پنهانی غذا می‌خورم'],
      ]),
    ),
  ),
  step(
    '16',
    16,
    singleChoice({ id: 'psy_16', name: 'violence', title: text('آیا در خانواده با خشونت یا نارضایتی روبه‌رو بوده‌اید؟') }, [
      option('NONE', text('خیر')),
      option('DOMESTIC_VIOLENCE', text('خشونت خانگی')),
      option('PARENT_INSATISFACTION', text('نارضایتی والدین از من')),
      option('BOTH', text('هر دو')),
    ]),
  ),
  step(
    '17',
    17,
    multiChoice({ id: 'psy_17', name: 'personalDiseases', title: text('سابقه کدام بیماری‌ها را دارید؟') }, diseaseHistoryOptions()),
  ),
  step(
    '18',
    18,
    multiChoice(
      { id: 'psy_18', name: 'familyDiseases', title: text('در خانواده شما سابقه کدام بیماری‌ها وجود دارد؟') },
      diseaseHistoryOptions(),
    ),
  ),
  step(
    '19',
    19,
    singleChoice({ id: 'psy_19', name: 'therapistVisits', title: text('آیا قبلا به روانشناس یا مشاور مراجعه کرده‌اید؟') }, [
      option('YES_GOOD', text('بله، و نتیجه خوبی گرفتم')),
      option('YES_LACK_EXPERTISE', text('بله، اما تخصص کافی نداشت')),
      option('YES_NOT_FOLLOW_UP', text('بله، اما ادامه ندادم')),
      option('NO', text('خیر')),
    ]),
  ),
  step(
    '20',
    20,
    sliderQuestion(
      { id: 'psy_20', name: 'stressLevel', title: text('میزان استرس شما در یک ماه اخیر از ۰ تا ۱۰ چقدر بوده است؟') },
      { min: 0, max: 10 },
    ),
  ),
  step(
    '21',
    21,
    numberQuestion(
      { id: 'psy_21', name: 'mealsPerDay', title: text('روزانه چند وعده غذا می‌خورید؟') },
      { min: 1, max: 10, msg: text('تعداد وعده‌ها باید بین ۱ تا ۱۰ باشد') },
      text('وعده'),
    ),
  ),
  step(
    '22',
    22,
    textQuestion(
      { id: 'psy_22', name: 'mainConcern', title: text('بزرگ‌ترین دغدغه شما درباره غذا خوردن چیست؟') },
      undefined,
      text('در یک جمله بنویسید'),
    ),
  ),
]

export const psychology: Flow = {
  id: 'psychology',
  formType: 'psychology',
  formId: '1',
  firstStep: '1',
  steps,
  next: linearNext(steps),
  stepPath: quizPaths.psychologyStep,
  preparePath: quizPaths.preparePsychologyResult,
  resultPath: quizPaths.psychologyResult,
  genderQuestion: GENDER,
  storedGenderKey: 'psy_gender',
  hasTurkish: false,
}
