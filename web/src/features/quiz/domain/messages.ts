import type { Text } from '../types'

/**
 * Validation messages of spec 3 §5, character for character in Persian where the spec gives them, each with its
 * Turkish version for `?lang=tr`.
 */
export const QUIZ_MESSAGES = {
  /** [QN-23] */
  gender: { fa: 'لطفا یکی از گزینه های مد نظر را انتخاب کنید', tr: 'Lütfen seçeneklerden birini seçin' },
  /** [QN-24] */
  singleChoice: { fa: 'لطفا یک گزینه را انتخاب کنید', tr: 'Lütfen bir seçenek seçin' },
  /** [QN-25] */
  requiredField: { fa: 'لطفا فیلد مربوطه را پر نمایید', tr: 'Lütfen bu alanı doldurun' },
  /** [QN-26] */
  multiChoice: { fa: 'لطفا یک یا چند گزینه را انتخاب کنید', tr: 'Lütfen bir veya daha fazla seçenek seçin' },
  /** Betterme and good-looking weights, 15 to 249.99 [QN-28, QN-29]. */
  weightRange: { fa: 'وزن باید بین 15 تا 250 کیلوگرم باشد', tr: 'Kilo 15 ile 250 kilogram arasında olmalıdır' },
  /** Good-looking height 90 to 249.99; the message names 90 and 250 (DECISIONS) [QN-27]. */
  heightRange: { fa: 'قد باید بین 90 تا 250 سانتی‌متر باشد', tr: 'Boy 90 ile 250 santimetre arasında olmalıdır' },
  /** The generic renderer's age validator, 15 to 70; the detailed form's age question uses it, so it has Turkish [QN-31]. */
  ageRange: { fa: 'سن باید بین 15 تا 70 سال باشد', tr: 'Yaş 15 ile 70 arasında olmalıdır' },
  /** [QN-37] */
  textTooLong: { fa: 'حداکثر 100 کاراکتر مجاز است', tr: 'En fazla 100 karakter girilebilir' },
  /** Extend-diet form [QN-52…QN-54]. */
  sizeRequired: { fa: 'لطفا تغییر سایز خود را انتخاب کنید', tr: 'Lütfen beden değişikliğinizi seçin' },
  weightChangeRequired: { fa: 'لطفا تغییر وزن خود را انتخاب کنید', tr: 'Lütfen kilo değişikliğinizi seçin' },
  mobileRequired: { fa: 'لطفا شماره موبایل خود را وارد کنید', tr: 'Lütfen cep telefonu numaranızı girin' },
  mobileInvalid: { fa: 'شماره وارد شده صحیح نیست', tr: 'Girilen numara geçerli değil' },
  creditCardInvalid: { fa: 'شماره کارت باید ۱۶ رقم باشد', tr: 'Kart numarası 16 haneli olmalıdır' },
  /** Detailed form: generic messages (texts not given by the spec) [QN-63]. */
  detailRequiredField: { fa: 'پر کردن این فیلد الزامی است', tr: 'Bu alanın doldurulması zorunludur' },
  detailRequiredRadio: { fa: 'لطفا یک گزینه را انتخاب کنید', tr: 'Lütfen bir seçenek seçin' },
  detailRequiredCheckbox: { fa: 'لطفا یک یا چند گزینه را انتخاب کنید', tr: 'Lütfen bir veya daha fazla seçenek seçin' },
  detailNumericOnly: { fa: 'فقط عدد وارد کنید', tr: 'Lütfen yalnızca sayı girin' },
  /** Detailed form: a birth date that contradicts the age of section 1. */
  birthDateAge: {
    fa: 'این تاریخ تولد با سنی که در بخش ۱ وارد کرده‌اید جور نیست؛ یکی از آن دو را اصلاح کنید.',
    tr: 'Bu doğum tarihi 1. bölümde girdiğiniz yaşla uyuşmuyor; birini düzeltin.',
  },
} as const satisfies Record<string, Text>

/** Shown when a failing rule has no message of its own [QN-33]. */
export const FALLBACK_MESSAGE = 'error'

/** A detailed-form range message in both languages, e.g. "weight between 2 and 200 kg" [QN-58…QN-62]. */
export function detailRangeMessage(label: Text, min: number, max: number, unit: Text): Text {
  return {
    fa: `${label.fa} باید بین ${min} تا ${max} ${unit.fa} باشد`,
    tr: `${label.tr ?? label.fa} ${min} ile ${max} ${unit.tr ?? unit.fa} arasında olmalıdır`,
  }
}
