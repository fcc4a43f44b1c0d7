import type { AnswerValue, Option, Question } from '../types'
import { FEMALE, femaleOnly, genderQuestion, MALE, multiChoice, option, singleChoice, text } from './build'

/** Option lists and questions shared by several flows (spec 3 §3: nowruz and konkur "mirror betterme"). */

function genderOptions(): Option[] {
  return [
    option(FEMALE, text('خانم'), { img: '/quiz/female.svg' }),
    option(MALE, text('آقا'), { img: '/quiz/male.svg' }),
  ]
}

const NOTHING = (label = 'هیچ‌کدام') => option('NOTHING', text(label), { xor: true })

export const DISEASE_TITLES = {
  DIABET: 'دیابت',
  'DIABET-1': 'دیابت نوع ۱',
  'DIABET-2': 'دیابت نوع ۲',
  CRATENINE: 'کراتینین بالا',
  'BLOOD-FAT': 'چربی خون',
  'BLOOD-PRESSURE': 'فشار خون',
  'FATTY-LIVER': 'کبد چرب',
  URICACID: 'اسید اوریک بالا',
  ASTHMA: 'آسم',
  MIGREN: 'میگرن',
  'BACK-ACHE': 'کمردرد',
  GALLSTONES: 'سنگ کیسه صفرا',
  DEPRESS: 'افسردگی',
  KIDNEY: 'بیماری کلیوی',
  SKELETON: 'مشکلات اسکلتی',
  MS: 'ام‌اس',
  HEART: 'بیماری قلبی',
  CANCER: 'سرطان',
  OTHERS: 'سایر بیماری‌ها',
} as const

export type DiseaseValue = keyof typeof DISEASE_TITLES

/** A disease checkbox list with the exclusive NOTHING first [QN-30]. */
function diseaseOptions(values: readonly DiseaseValue[]): Option[] {
  return [NOTHING('هیچ بیماری خاصی ندارم'), ...values.map((value) => option(value, text(DISEASE_TITLES[value])))]
}

function foodRestrictionOptions(): Option[] {
  return [
    NOTHING('محدودیتی ندارم'),
    option('CARBS', text('رژیم کم‌کربوهیدرات')),
    option('VEGETARIAN', text('گیاه‌خوار هستم')),
    option('VEGEN', text('وگان هستم')),
    option('LACTOSE', text('عدم تحمل لاکتوز')),
    option('GLUTEN', text('حساسیت به گلوتن')),
    option('OTHERS', text('سایر محدودیت‌ها')),
  ]
}

function digestionOptions(): Option[] {
  return [
    NOTHING('مشکل گوارشی ندارم'),
    option('NAFKH', text('نفخ')),
    option('YOBUSAT', text('یبوست')),
    option('ESHAL', text('اسهال')),
    option('ZAKHM_MEDE', text('زخم معده')),
    option('REFLAX_MEDE', text('ریفلاکس معده')),
    option('DARD_MEDE', text('درد معده')),
  ]
}

/** Recent problems of betterme `bm2_6`; PERIOD_NAMONAZAM only for a female [QN-11]. */
export function recentProblemOptions(genderId: string): Option[] {
  return [
    option('KESELI', text('کسلی و بی‌حالی')),
    option('KHAB_SOBH', text('خواب‌آلودگی صبحگاهی')),
    option('KHAB_ZOHR', text('خواب‌آلودگی بعد از ناهار')),
    option('PORKHORI_ASABI', text('پرخوری عصبی')),
    option('STRESS', text('استرس و اضطراب')),
    option('OFT_GHAND', text('افت قند خون')),
    option('EKHTELAL_KHAB', text('اختلال خواب')),
    option('KHOSHKI_DAHAN', text('خشکی دهان')),
    option('TAKAROR_EDRAR', text('تکرر ادرار')),
    option('RIZESH_MOO', text('ریزش مو')),
    option('MOSHKEL_POOSTI', text('مشکلات پوستی')),
    option('PERIOD_NAMONAZAM', text('قاعدگی نامنظم'), { showIf: femaleOnly(genderId) }),
  ]
}

export function sportOptions(): Option[] {
  return [
    option('NOTHING', text('ورزش نمی‌کنم')),
    option('WALKING', text('فقط پیاده‌روی')),
    option('1_2_WEEK', text('یک تا دو بار در هفته')),
    option('3_5_WEEK', text('سه تا پنج بار در هفته')),
  ]
}

function waterOptions(): Option[] {
  return [
    option('_2', text('کمتر از ۲ لیوان')),
    option('2_5', text('۲ تا ۵ لیوان')),
    option('5_', text('بیشتر از ۵ لیوان')),
  ]
}

/** Nowruz and konkur weight goals [QN-18]. */
export function weightGoalOptions(): Option[] {
  return [
    option('NOT_CARE', text('برایم مهم نیست')),
    option('BE_FAT', text('می‌خواهم وزن اضافه کنم')),
    option('BE_THIN', text('می‌خواهم وزن کم کنم')),
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
  const title = text('جنسیت خود را انتخاب کنید')
  return genderQuestion({ id, name: 'gender', title, ...(defaultValue === undefined ? {} : { defaultValue }) }, genderOptions())
}

export function diseasesChoice(id: string, values: readonly DiseaseValue[]): Question {
  return multiChoice({ id, name: 'diseases', title: text('آیا به بیماری خاصی مبتلا هستید؟') }, diseaseOptions(values))
}

export function foodRestrictionsChoice(id: string): Question {
  return multiChoice({ id, name: 'foodRestrictions', title: text('آیا محدودیت غذایی دارید؟') }, foodRestrictionOptions())
}

export function digestionChoice(id: string): Question {
  return multiChoice({ id, name: 'digestion', title: text('آیا مشکل گوارشی دارید؟') }, digestionOptions())
}

export function waterChoice(id: string): Question {
  return singleChoice({ id, name: 'water', title: text('روزانه چند لیوان آب می‌نوشید؟') }, waterOptions())
}

export { NOTHING as nothingOption }
