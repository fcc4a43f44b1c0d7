import type { AnswerValue, Option, Question, Text } from '../types'
import femaleSvg from '../images/female.svg?raw'
import maleSvg from '../images/male.svg?raw'
import { FEMALE, femaleOnly, genderQuestion, MALE, multiChoice, option, singleChoice, text } from './build'

/** Option lists and questions shared by several flows (spec 3 §3: nowruz and konkur "mirror betterme"). */

/**
 * The gender pictures of the quizzes' first step travel inside the page (about 300 bytes each), so the landing's
 * largest element paints with the prerendered screen instead of waiting for a request of its own.
 */
const svgData = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg.trim())}`

function genderOptions(): Option[] {
  return [
    option(FEMALE, text('خانم', 'Kadın'), { img: svgData(femaleSvg) }),
    option(MALE, text('آقا', 'Erkek'), { img: svgData(maleSvg) }),
  ]
}

const NOTHING = (label: Text = text('هیچ‌کدام', 'Hiçbiri')) => option('NOTHING', label, { xor: true })

export const DISEASE_TITLES = {
  DIABET: text('دیابت', 'Diyabet'),
  'DIABET-1': text('دیابت نوع ۱', 'Tip 1 diyabet'),
  'DIABET-2': text('دیابت نوع ۲', 'Tip 2 diyabet'),
  CRATENINE: text('کراتینین بالا', 'Yüksek kreatinin'),
  'BLOOD-FAT': text('چربی خون', 'Yüksek kan yağları'),
  'BLOOD-PRESSURE': text('فشار خون', 'Tansiyon'),
  'FATTY-LIVER': text('کبد چرب', 'Karaciğer yağlanması'),
  URICACID: text('اسید اوریک بالا', 'Yüksek ürik asit'),
  ASTHMA: text('آسم', 'Astım'),
  MIGREN: text('میگرن', 'Migren'),
  'BACK-ACHE': text('کمردرد', 'Bel ağrısı'),
  GALLSTONES: text('سنگ کیسه صفرا', 'Safra kesesi taşı'),
  DEPRESS: text('افسردگی', 'Depresyon'),
  KIDNEY: text('بیماری کلیوی', 'Böbrek hastalığı'),
  SKELETON: text('مشکلات اسکلتی', 'İskelet sorunları'),
  MS: text('ام‌اس', 'MS'),
  HEART: text('بیماری قلبی', 'Kalp hastalığı'),
  CANCER: text('سرطان', 'Kanser'),
  OTHERS: text('سایر بیماری‌ها', 'Diğer hastalıklar'),
} satisfies Record<string, Text>

export type DiseaseValue = keyof typeof DISEASE_TITLES

/** A disease checkbox list with the exclusive NOTHING first [QN-30]. */
function diseaseOptions(values: readonly DiseaseValue[]): Option[] {
  return [NOTHING(text('هیچ بیماری خاصی ندارم', 'Özel bir hastalığım yok')), ...values.map((value) => option(value, DISEASE_TITLES[value]))]
}

function foodRestrictionOptions(): Option[] {
  return [
    NOTHING(text('محدودیتی ندارم', 'Bir kısıtlamam yok')),
    option('CARBS', text('رژیم کم‌کربوهیدرات', 'Düşük karbonhidratlı diyet')),
    option('VEGETARIAN', text('گیاه‌خوار هستم', 'Vejetaryenim')),
    option('VEGEN', text('وگان هستم', 'Veganım')),
    option('LACTOSE', text('عدم تحمل لاکتوز', 'Laktoz intoleransı')),
    option('GLUTEN', text('حساسیت به گلوتن', 'Gluten hassasiyeti')),
    option('OTHERS', text('سایر محدودیت‌ها', 'Diğer kısıtlamalar')),
  ]
}

function digestionOptions(): Option[] {
  return [
    NOTHING(text('مشکل گوارشی ندارم', 'Sindirim sorunum yok')),
    option('NAFKH', text('نفخ', 'Şişkinlik')),
    option('YOBUSAT', text('یبوست', 'Kabızlık')),
    option('ESHAL', text('اسهال', 'İshal')),
    option('ZAKHM_MEDE', text('زخم معده', 'Mide ülseri')),
    option('REFLAX_MEDE', text('ریفلاکس معده', 'Reflü')),
    option('DARD_MEDE', text('درد معده', 'Mide ağrısı')),
  ]
}

/** Recent problems of betterme `bm2_6`; PERIOD_NAMONAZAM only for a female [QN-11]. */
export function recentProblemOptions(genderId: string): Option[] {
  return [
    option('KESELI', text('کسلی و بی‌حالی', 'Halsizlik ve isteksizlik')),
    option('KHAB_SOBH', text('خواب‌آلودگی صبحگاهی', 'Sabah uyku hali')),
    option('KHAB_ZOHR', text('خواب‌آلودگی بعد از ناهار', 'Öğle yemeğinden sonra uyku hali')),
    option('PORKHORI_ASABI', text('پرخوری عصبی', 'Duygusal aşırı yeme')),
    option('STRESS', text('استرس و اضطراب', 'Stres ve kaygı')),
    option('OFT_GHAND', text('افت قند خون', 'Kan şekeri düşmesi')),
    option('EKHTELAL_KHAB', text('اختلال خواب', 'Uyku bozukluğu')),
    option('KHOSHKI_DAHAN', text('خشکی دهان', 'Ağız kuruluğu')),
    option('TAKAROR_EDRAR', text('تکرر ادرار', 'Sık idrara çıkma')),
    option('RIZESH_MOO', text('ریزش مو', 'Saç dökülmesi')),
    option('MOSHKEL_POOSTI', text('مشکلات پوستی', 'Cilt sorunları')),
    option('PERIOD_NAMONAZAM', text('قاعدگی نامنظم', 'Düzensiz adet'), { showIf: femaleOnly(genderId) }),
  ]
}

export function sportOptions(): Option[] {
  return [
    option('NOTHING', text('ورزش نمی‌کنم', 'Spor yapmıyorum')),
    option('WALKING', text('فقط پیاده‌روی', 'Sadece yürüyüş')),
    option('1_2_WEEK', text('یک تا دو بار در هفته', 'Haftada bir iki kez')),
    option('3_5_WEEK', text('سه تا پنج بار در هفته', 'Haftada üç ila beş kez')),
  ]
}

function waterOptions(): Option[] {
  return [
    option('_2', text('کمتر از ۲ لیوان', '2 bardaktan az')),
    option('2_5', text('۲ تا ۵ لیوان', '2 ila 5 bardak')),
    option('5_', text('بیشتر از ۵ لیوان', '5 bardaktan fazla')),
  ]
}

/** Nowruz and konkur weight goals [QN-18]. */
export function weightGoalOptions(): Option[] {
  return [
    option('NOT_CARE', text('برایم مهم نیست', 'Benim için önemli değil')),
    option('BE_FAT', text('می‌خواهم وزن اضافه کنم', 'Kilo almak istiyorum')),
    option('BE_THIN', text('می‌خواهم وزن کم کنم', 'Kilo vermek istiyorum')),
  ]
}

/** The diseases nowruz and konkur list: betterme's, with diabetes split by type. */
export const DISEASES_BY_DIABETES_TYPE: readonly DiseaseValue[] = [
  'DIABET-1',
  'DIABET-2',
  'BLOOD-FAT',
  'BLOOD-PRESSURE',
  'FATTY-LIVER',
  'ASTHMA',
  'MIGREN',
  'BACK-ACHE',
  'DEPRESS',
  'KIDNEY',
  'SKELETON',
  'HEART',
  'CANCER',
  'OTHERS',
]

/* The questions several flows ask in the same words, each under the flow's own question id. */

export function genderChoice(id: string, defaultValue?: AnswerValue): Question {
  const title = text('جنسیت خود را انتخاب کنید', 'Cinsiyetinizi seçin')
  return genderQuestion({ id, name: 'gender', title, ...(defaultValue === undefined ? {} : { defaultValue }) }, genderOptions())
}

export function diseasesChoice(id: string, values: readonly DiseaseValue[]): Question {
  return multiChoice({ id, name: 'diseases', title: text('آیا به بیماری خاصی مبتلا هستید؟', 'Özel bir hastalığınız var mı?') }, diseaseOptions(values))
}

export function foodRestrictionsChoice(id: string): Question {
  return multiChoice({ id, name: 'foodRestrictions', title: text('آیا محدودیت غذایی دارید؟', 'Beslenme kısıtlamanız var mı?') }, foodRestrictionOptions())
}

export function digestionChoice(id: string): Question {
  return multiChoice({ id, name: 'digestion', title: text('آیا مشکل گوارشی دارید؟', 'Sindirim sorununuz var mı?') }, digestionOptions())
}

export function waterChoice(id: string): Question {
  return singleChoice({ id, name: 'water', title: text('روزانه چند لیوان آب می‌نوشید؟', 'Günde kaç bardak su içiyorsunuz?') }, waterOptions())
}

export { NOTHING as nothingOption }
