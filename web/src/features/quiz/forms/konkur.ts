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

/** Options from [value, Persian title, Turkish title] rows. */
function choices(entries: [string, string, string][]): Option[] {
  return entries.map(([value, fa, tr]) => option(value, text(fa, tr)))
}

/** The problems list: NOTHING, betterme's eleven symptoms plus two of students, PERIOD_NAMONAZAM for a female [QN-11]. */
function problemOptions(): Option[] {
  const symptoms = recentProblemOptions(GENDER)
  const period = symptoms.filter((symptom) => symptom.value === 'PERIOD_NAMONAZAM')
  return [
    nothingOption(text('هیچ‌کدام از این مشکلات را ندارم', 'Bu sorunların hiçbiri bende yok')),
    ...symptoms.filter((symptom) => symptom.value !== 'PERIOD_NAMONAZAM'),
    option('SARDARD', text('سردرد', 'Baş ağrısı')),
    option('KAHESH_TAMARKOZ', text('کاهش تمرکز', 'Konsantrasyon kaybı')),
    ...period.map((symptom) => ({ ...symptom, showIf: femaleOnly(GENDER) })),
  ]
}

const hate = singleChoice(
  { id: 'kn_10', name: 'hate', title: text('آیا غذایی هست که اصلا دوست نداشته باشید؟', 'Hiç sevmediğiniz bir yiyecek var mı?') },
  choices([
    ['NO', 'خیر', 'Hayır'],
    ['YES', 'بله', 'Evet'],
  ]),
)

const hatedFoods = textQuestion(
  { id: 'kn_10_foods', name: 'hatedFoods', title: text('چه غذاهایی را دوست ندارید؟', 'Hangi yiyecekleri sevmiyorsunuz?'), showIf: { question: 'kn_10', anyOf: ['YES'] } },
  undefined,
  text('مثلا بادمجان، ماهی', 'Örneğin patlıcan, balık'),
)

/** The unused step id between kn_4 and kn_6 [QN-20]. */
export const KONKUR_UNUSED_STEP = 'kn_5'

const steps = [
  step('kn_1', 1, genderChoice(GENDER)),
  step(
    'kn_2',
    2,
    singleChoice(
      { id: 'kn_2', name: 'field', title: text('رشته تحصیلی شما چیست؟', 'Hangi alanda okuyorsunuz?') },
      choices([
        ['RIAZI', 'ریاضی و فیزیک', 'Matematik ve fizik'],
        ['TAJROBI', 'علوم تجربی', 'Fen bilimleri'],
        ['ENSANI', 'علوم انسانی', 'Sosyal bilimler'],
        ['HONAR', 'هنر', 'Sanat'],
        ['ZABAN', 'زبان‌های خارجی', 'Yabancı diller'],
      ]),
    ),
  ),
  step(
    'kn_3',
    3,
    singleChoice(
      { id: 'kn_3', name: 'goalRank', title: text('هدف شما چه رتبه‌ای است؟', 'Hedeflediğiniz sıralama nedir?') },
      choices([
        ['U_100', 'زیر ۱۰۰', "100'ün altı"],
        ['U_500', 'زیر ۵۰۰', "500'ün altı"],
        ['U_1000', 'زیر ۱۰۰۰', "1.000'in altı"],
        ['U_2000', 'زیر ۲۰۰۰', "2.000'in altı"],
        ['U_10000', 'زیر ۱۰٬۰۰۰', "10.000'in altı"],
        ['U_50000', 'زیر ۵۰٬۰۰۰', "50.000'in altı"],
        ['U_100000', 'زیر ۱۰۰٬۰۰۰', "100.000'in altı"],
        ['NO', 'هدف مشخصی ندارم', 'Belirli bir hedefim yok'],
      ]),
      'select',
    ),
  ),
  step(
    'kn_4',
    4,
    singleChoice(
      { id: 'kn_4', name: 'dailyStudy', title: text('روزانه چند ساعت درس می‌خوانید؟', 'Günde kaç saat ders çalışıyorsunuz?') },
      choices([
        ['3_5', '۳ تا ۵ ساعت', '3-5 saat'],
        ['5_7', '۵ تا ۷ ساعت', '5-7 saat'],
        ['7_10', '۷ تا ۱۰ ساعت', '7-10 saat'],
        ['10_', 'بیشتر از ۱۰ ساعت', '10 saatten fazla'],
      ]),
    ),
  ),
  step('kn_6', 5, diseasesChoice('kn_6', DISEASES_BY_DIABETES_TYPE)),
  step('kn_7', 6, foodRestrictionsChoice('kn_7')),
  step('kn_8', 7, digestionChoice('kn_8')),
  step(
    'kn_9',
    8,
    multiChoice({ id: 'kn_9', name: 'problems', title: text('در دوران درس خواندن با کدام مشکلات روبه‌رو هستید؟', 'Ders çalıştığınız dönemde hangi sorunları yaşıyorsunuz?') }, problemOptions()),
  ),
  // YES asks which foods, so this step has its button [QN-34, QN-35].
  { id: 'kn_10', order: 9, name: 'hate', submitOnUserAnswer: false, questions: [hate, hatedFoods] },
  step(
    'kn_11',
    10,
    singleChoice(
      { id: 'kn_11', name: 'sport', title: text('چقدر ورزش می‌کنید؟', 'Ne kadar spor yapıyorsunuz?') },
      choices([
        ['NOTHING', 'ورزش نمی‌کنم', 'Spor yapmıyorum'],
        ['WALKING', 'فقط پیاده‌روی', 'Sadece yürüyüş'],
        ['1_2_WEEK', 'یک تا دو بار در هفته', 'Haftada bir iki kez'],
        ['3_5_WEEK', 'سه تا پنج بار در هفته', 'Haftada üç ila beş kez'],
      ]),
    ),
  ),
  step(
    'kn_12',
    11,
    singleChoice(
      { id: 'kn_12', name: 'coffee', title: text('روزانه چند فنجان قهوه یا نوشیدنی کافئین‌دار می‌نوشید؟', 'Günde kaç fincan kahve veya kafeinli içecek içiyorsunuz?') },
      choices([
        ['NOTHING', 'نمی‌نوشم', 'İçmiyorum'],
        ['1', 'یک فنجان', 'Bir fincan'],
        ['2_4', '۲ تا ۴ فنجان', '2-4 fincan'],
        ['4_', 'بیشتر از ۴ فنجان', '4 fincandan fazla'],
      ]),
    ),
  ),
  step(
    'kn_13',
    12,
    singleChoice(
      { id: 'kn_13', name: 'breakfast', title: text('معمولا چه ساعتی صبحانه می‌خورید؟', 'Kahvaltıyı genellikle saat kaçta yapıyorsunuz?') },
      choices([
        ['5_7', '۵ تا ۷ صبح', 'Sabah 5-7'],
        ['7_9', '۷ تا ۹ صبح', 'Sabah 7-9'],
        ['9_11', '۹ تا ۱۱ صبح', 'Sabah 9-11'],
        ['NOTHING', 'صبحانه نمی‌خورم', 'Kahvaltı yapmıyorum'],
      ]),
    ),
  ),
  step(
    'kn_14',
    13,
    singleChoice(
      { id: 'kn_14', name: 'lunch', title: text('معمولا چه ساعتی ناهار می‌خورید؟', 'Öğle yemeğini genellikle saat kaçta yiyorsunuz?') },
      choices([
        ['11_13', '۱۱ تا ۱۳', '11-13'],
        ['13_15', '۱۳ تا ۱۵', '13-15'],
        ['15_17', '۱۵ تا ۱۷', '15-17'],
        ['17_19', '۱۷ تا ۱۹', '17-19'],
        ['NOTHING', 'ناهار نمی‌خورم', 'Öğle yemeği yemiyorum'],
      ]),
    ),
  ),
  step(
    'kn_15',
    14,
    singleChoice(
      { id: 'kn_15', name: 'dinner', title: text('معمولا چه ساعتی شام می‌خورید؟', 'Akşam yemeğini genellikle saat kaçta yiyorsunuz?') },
      choices([
        ['19_21', '۱۹ تا ۲۱', '19-21'],
        ['21_23', '۲۱ تا ۲۳', '21-23'],
        ['23_24', '۲۳ تا ۲۴', '23-24'],
        ['24_', 'بعد از نیمه‌شب', 'Gece yarısından sonra'],
        ['NOTHING', 'شام نمی‌خورم', 'Akşam yemeği yemiyorum'],
      ]),
    ),
  ),
  step(
    'kn_16',
    15,
    singleChoice(
      { id: 'kn_16', name: 'mentalActivityTime', title: text('بیشترین تمرکز ذهنی شما در چه ساعتی است؟', 'Zihninizi en iyi hangi saatlerde toplarsınız?') },
      choices([
        ['5_9', '۵ تا ۹ صبح', 'Sabah 5-9'],
        ['9_13', '۹ تا ۱۳', '9-13'],
        ['13_17', '۱۳ تا ۱۷', '13-17'],
        ['17_21', '۱۷ تا ۲۱', '17-21'],
        ['21_24', '۲۱ تا ۲۴', '21-24'],
        ['24_', 'بعد از نیمه‌شب', 'Gece yarısından sonra'],
      ]),
    ),
  ),
  step(
    'kn_17',
    16,
    singleChoice(
      { id: 'kn_17', name: 'place', title: text('بیشتر کجا درس می‌خوانید؟', 'Çoğunlukla nerede ders çalışıyorsunuz?') },
      choices([
        ['SCHOOL', 'مدرسه', 'Okulda'],
        ['HOME', 'خانه', 'Evde'],
        ['LIBRARY', 'کتابخانه', 'Kütüphanede'],
      ]),
    ),
  ),
  step(
    'kn_18',
    17,
    singleChoice(
      { id: 'kn_18', name: 'testExam', title: text('آیا در آزمون‌های آزمایشی شرکت می‌کنید؟', 'Deneme sınavlarına giriyor musunuz?') },
      choices([
        ['YES', 'بله', 'Evet'],
        ['NO', 'خیر', 'Hayır'],
      ]),
    ),
  ),
  step('kn_19', 18, singleChoice({ id: 'kn_19', name: 'weightGoal', title: text('چه هدفی برای وزن خود دارید؟', 'Kilonuzla ilgili hedefiniz nedir?') }, weightGoalOptions())),
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
}
