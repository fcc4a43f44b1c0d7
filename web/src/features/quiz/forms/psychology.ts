import { quizPaths } from '../paths'
import type { Flow, Option, Text } from '../types'
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
  const titles: Record<Frequency, Text> = {
    ALWAYS: text('همیشه', 'Her zaman'),
    OFTEN: text('اغلب', 'Sık sık'),
    SOMETIMES: text('گاهی', 'Bazen'),
    RARELY: text('به ندرت', 'Nadiren'),
    NEVER: text('هرگز', 'Hiçbir zaman'),
  }
  return FREQUENCY_VALUES.map((value) => option(value, titles[value]))
}

/** The nine frequency questions, by step: the areas the result groups them into. */
export const FREQUENCY_QUESTIONS = {
  psy_3: { name: 'sleepRegularity', area: 'sleep', title: text('چقدر خواب منظمی دارید؟', 'Uykunuz ne kadar düzenli?') },
  psy_4: { name: 'fatigue', area: 'mood', title: text('چقدر در طول روز احساس خستگی می‌کنید؟', 'Gün içinde ne sıklıkla yorgun hissediyorsunuz?') },
  psy_5: { name: 'procrastination', area: 'mood', title: text('چقدر کارهایتان را به تعویق می‌اندازید؟', 'İşlerinizi ne sıklıkla erteliyorsunuz?') },
  psy_6: { name: 'bingeEating', area: 'eating', title: text('چقدر دچار پرخوری ناگهانی می‌شوید؟', 'Ne sıklıkla ani aşırı yeme yaşıyorsunuz?') },
  psy_7: { name: 'anorexia', area: 'eating', title: text('چقدر پیش می‌آید که اشتهایتان را کاملا از دست بدهید؟', 'İştahınızı tamamen kaybettiğiniz ne sıklıkla olur?') },
  psy_8: { name: 'partyOvereating', area: 'eating', title: text('چقدر در مهمانی‌ها بیش از اندازه غذا می‌خورید؟', 'Davetlerde ne sıklıkla gereğinden fazla yersiniz?') },
  psy_9: { name: 'avoidance', area: 'mood', title: text('چقدر از روبه‌رو شدن با مشکلات فرار می‌کنید؟', 'Sorunlarla yüzleşmekten ne sıklıkla kaçarsınız?') },
  psy_10: { name: 'insomnia', area: 'sleep', title: text('چقدر دچار بی‌خوابی می‌شوید؟', 'Ne sıklıkla uykusuzluk çekersiniz?') },
  psy_11: { name: 'newStartStress', area: 'mood', title: text('چقدر شروع کارهای جدید برایتان استرس‌زاست؟', 'Yeni işlere başlamak sizi ne sıklıkla strese sokar?') },
} as const

export type FrequencyArea = (typeof FREQUENCY_QUESTIONS)[keyof typeof FREQUENCY_QUESTIONS]['area']

/** A statements checkbox group with its exclusive NONE. */
function statements(entries: [string, string, string][]): Option[] {
  return [
    ...entries.map(([value, fa, tr]) => option(value, text(fa, tr))),
    option('NONE', text('هیچ‌کدام از این جمله‌ها درباره من صدق نمی‌کند', 'Bu cümlelerin hiçbiri beni anlatmıyor'), { xor: true }),
  ]
}

/** [value, Persian title, Turkish title] */
const DISEASE_HISTORY: [string, string, string][] = [
  ['NOTHING', 'هیچ‌کدام', 'Hiçbiri'],
  ['ANEMIA', 'کم‌خونی', 'Kansızlık'],
  ['HYPOTHYROIDISM', 'کم‌کاری تیروئید', 'Tiroid az çalışması'],
  ['HYPERTHYROIDISM', 'پرکاری تیروئید', 'Tiroid fazla çalışması'],
  ['DIABET', 'دیابت', 'Diyabet'],
  ['PSYCHIATRIC', 'بیماری‌های اعصاب و روان', 'Psikiyatrik hastalıklar'],
  ['WEAKNESS_SYSTEM', 'ضعف سیستم ایمنی', 'Zayıf bağışıklık sistemi'],
  ['LIVER', 'بیماری کبدی', 'Karaciğer hastalığı'],
  ['HORMONAL', 'اختلالات هورمونی', 'Hormonal bozukluklar'],
]

function diseaseHistoryOptions(): Option[] {
  return DISEASE_HISTORY.map(([value, fa, tr]) => option(value, text(fa, tr), value === 'NOTHING' ? { xor: true } : {}))
}

const frequencySteps = Object.entries(FREQUENCY_QUESTIONS).map(([id, question]) =>
  step(id.replace('psy_', ''), Number(id.replace('psy_', '')), singleChoice({ id, name: question.name, title: question.title }, frequencyOptions())),
)

const steps = [
  step('1', 1, genderChoice(GENDER)),
  step(
    '2',
    2,
    singleChoice({ id: 'psy_2', name: 'age', title: text('چند سال دارید؟', 'Kaç yaşındasınız?') }, [
      option('UNDER_20', text('زیر ۲۰ سال', '20 yaş altı')),
      option('20_30', text('۲۰ تا ۳۰ سال', '20-30 yaş')),
      option('30_40', text('۳۰ تا ۴۰ سال', '30-40 yaş')),
      option('40_50', text('۴۰ تا ۵۰ سال', '40-50 yaş')),
      option('UP_50', text('بالای ۵۰ سال', '50 yaş üstü')),
    ]),
  ),
  ...frequencySteps,
  step(
    '12',
    12,
    multiChoice(
      { id: 'psy_12', name: 'selfBlame', title: text('کدام جمله‌ها درباره شما صدق می‌کند؟', 'Hangi cümleler sizi anlatıyor?') },
      statements([
        ['BLAME_AFTER_EATING', 'بعد از غذا خوردن خودم را سرزنش می‌کنم', 'Yemek yedikten sonra kendimi suçlarım'],
        ['BLAME_FAILED_DIET', 'شکست رژیم‌های قبلی را تقصیر خودم می‌دانم', 'Önceki diyetlerimin başarısızlığını kendi suçum sayarım'],
        ['BLAME_WEIGHT', 'وزنم را نشانه ضعف اراده‌ام می‌دانم', 'Kilomu irade zayıflığımın bir işareti olarak görürüm'],
      ]),
    ),
  ),
  step(
    '13',
    13,
    multiChoice(
      { id: 'psy_13', name: 'irritability', title: text('کدام جمله‌ها درباره زودرنجی شما صدق می‌کند؟', 'Alınganlığınızla ilgili hangi cümleler sizi anlatıyor?') },
      statements([
        ['IRRITABLE_HUNGRY', 'وقتی گرسنه‌ام زود عصبانی می‌شوم', 'Acıktığımda çabuk sinirlenirim'],
        ['IRRITABLE_CRITICISM', 'از انتقاد دیگران درباره غذا خوردنم ناراحت می‌شوم', 'Başkalarının yemek yememi eleştirmesine üzülürüm'],
        ['IRRITABLE_TIRED', 'در خستگی تحمل کمتری دارم', 'Yorgunken sabrım azalır'],
      ]),
    ),
  ),
  step(
    '14',
    14,
    multiChoice(
      { id: 'psy_14', name: 'bodyImage', title: text('درباره تصویر بدنتان کدام جمله‌ها درست است؟', 'Beden algınızla ilgili hangi cümleler doğru?') },
      statements([
        ['AVOID_MIRROR', 'از نگاه کردن به آینه دوری می‌کنم', 'Aynaya bakmaktan kaçınırım'],
        ['COMPARE_OTHERS', 'بدنم را مدام با دیگران مقایسه می‌کنم', 'Vücudumu sürekli başkalarıyla karşılaştırırım'],
        ['HIDE_BODY', 'لباس‌هایی می‌پوشم که بدنم را پنهان کند', 'Vücudumu gizleyen kıyafetler giyerim'],
      ]),
    ),
  ),
  step(
    '15',
    15,
    multiChoice(
      { id: 'psy_15', name: 'eatingControl', title: text('درباره کنترل غذا خوردن کدام جمله‌ها درست است؟', 'Yeme kontrolünüzle ilgili hangi cümleler doğru?') },
      statements([
        ['EAT_WHEN_SAD', 'وقتی ناراحتم بیشتر غذا می‌خورم', 'Üzgünken daha çok yerim'],
        ['CANNOT_STOP', 'وقتی شروع به خوردن می‌کنم نمی‌توانم دست بکشم', 'Yemeye başlayınca duramam'],
        ['EAT_SECRETLY', 'گاهی پنهانی غذا می‌خورم', 'Bazen gizlice yemek yerim'],
      ]),
    ),
  ),
  step(
    '16',
    16,
    singleChoice({ id: 'psy_16', name: 'violence', title: text('آیا در خانواده با خشونت یا نارضایتی روبه‌رو بوده‌اید؟', 'Ailenizde şiddet ya da hoşnutsuzlukla karşılaştınız mı?') }, [
      option('NONE', text('خیر', 'Hayır')),
      option('DOMESTIC_VIOLENCE', text('خشونت خانگی', 'Aile içi şiddet')),
      option('PARENT_INSATISFACTION', text('نارضایتی والدین از من', 'Ailemin benden hoşnutsuzluğu')),
      option('BOTH', text('هر دو', 'Her ikisi')),
    ]),
  ),
  step(
    '17',
    17,
    multiChoice({ id: 'psy_17', name: 'personalDiseases', title: text('سابقه کدام بیماری‌ها را دارید؟', 'Hangi hastalıkları geçirdiniz?') }, diseaseHistoryOptions()),
  ),
  step(
    '18',
    18,
    multiChoice(
      { id: 'psy_18', name: 'familyDiseases', title: text('در خانواده شما سابقه کدام بیماری‌ها وجود دارد؟', 'Ailenizde hangi hastalıkların geçmişi var?') },
      diseaseHistoryOptions(),
    ),
  ),
  step(
    '19',
    19,
    singleChoice({ id: 'psy_19', name: 'therapistVisits', title: text('آیا قبلا به روانشناس یا مشاور مراجعه کرده‌اید؟', 'Daha önce bir psikoloğa ya da danışmana gittiniz mi?') }, [
      option('YES_GOOD', text('بله، و نتیجه خوبی گرفتم', 'Evet, ve iyi sonuç aldım')),
      option('YES_LACK_EXPERTISE', text('بله، اما تخصص کافی نداشت', 'Evet, ama yeterince uzman değildi')),
      option('YES_NOT_FOLLOW_UP', text('بله، اما ادامه ندادم', 'Evet, ama devam etmedim')),
      option('NO', text('خیر', 'Hayır')),
    ]),
  ),
  step(
    '20',
    20,
    sliderQuestion(
      { id: 'psy_20', name: 'stressLevel', title: text('میزان استرس شما در یک ماه اخیر از ۰ تا ۱۰ چقدر بوده است؟', 'Son bir ayda stres düzeyiniz 0 ile 10 arasında ne kadardı?') },
      { min: 0, max: 10 },
    ),
  ),
  step(
    '21',
    21,
    numberQuestion(
      { id: 'psy_21', name: 'mealsPerDay', title: text('روزانه چند وعده غذا می‌خورید؟', 'Günde kaç öğün yemek yiyorsunuz?') },
      { min: 1, max: 10, msg: text('تعداد وعده‌ها باید بین ۱ تا ۱۰ باشد', 'Öğün sayısı 1 ile 10 arasında olmalıdır') },
      text('وعده', 'öğün'),
    ),
  ),
  step(
    '22',
    22,
    textQuestion(
      { id: 'psy_22', name: 'mainConcern', title: text('بزرگ‌ترین دغدغه شما درباره غذا خوردن چیست؟', 'Yemek yemeyle ilgili en büyük kaygınız nedir?') },
      undefined,
      text('در یک جمله بنویسید', 'Tek bir cümleyle yazın'),
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
}
