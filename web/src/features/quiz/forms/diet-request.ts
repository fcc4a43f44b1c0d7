import type { LabTest } from '../domain/lab-ranges'
import { detailRangeMessage, QUIZ_MESSAGES } from '../domain/messages'
import type { Condition, Form, Option, Question, Text } from '../types'
import { toPersianDigits } from '@/lib/digits'
import { dateQuestion, option, question, text, type QuestionBase } from './build'

/**
 * The detailed diet-request form, sections f1 to f10 (spec 3 §2, §5), in Persian and Turkish. Question ids are the
 * field names of the medical-profile payload (spec 3 §3), so answers map onto the profile request one to one.
 * Ranges: QN-58…QN-62; generic messages: QN-63; the confirmation popup at f10: QN-64.
 */

const CM = text('سانتی‌متر', 'cm')
const KG = text('کیلوگرم', 'kg')
const YEARS = text('سال', 'yaş')
const YES_NO = (): Option[] => [option('YES', text('بله', 'Evet')), option('NO', text('خیر', 'Hayır'))]
const FEMALE_ONLY: Condition = { question: 'gender', anyOf: ['FEMALE'] }

/** A measurement: required, numbers only, within its range. */
function measure(id: string, title: Text, range: { min: number; max: number }, unit: Text): Question {
  return question({ id, name: id, title }, { type: 'numberPicker', props: { unit, decimal: true } }, [
    { type: 'required', msg: QUIZ_MESSAGES.detailRequiredField },
    { type: 'numeric', msg: QUIZ_MESSAGES.detailNumericOnly },
    { type: 'range', args: range, msg: detailRangeMessage(title, range.min, range.max, unit) },
  ])
}

/** The age in whole years, 15 to 70, in Latin or Persian digits [QN-31]. */
function age(): Question {
  return question({ id: 'age', name: 'age', title: text('سن', 'Yaş') }, { type: 'numberPicker', props: { unit: YEARS, decimal: false } }, [
    { type: 'required', msg: QUIZ_MESSAGES.detailRequiredField },
    { type: 'numeric', msg: QUIZ_MESSAGES.detailNumericOnly },
    { type: 'age', msg: QUIZ_MESSAGES.ageRange },
  ])
}

/** A laboratory value: numbers only, no range to reject by; the field labels it normal, borderline or out of range. */
function labValue(id: LabTest, title: Text, showIf: Condition): Question {
  return question({ id, name: id, title, showIf }, { type: 'numberPicker', props: { decimal: true, lab: id } }, [
    { type: 'required', msg: QUIZ_MESSAGES.detailRequiredField },
    { type: 'numeric', msg: QUIZ_MESSAGES.detailNumericOnly },
  ])
}

function radio(base: QuestionBase, options: Option[], widget: 'radio' | 'select' = 'radio'): Question {
  return question(base, { type: widget }, [{ type: 'required', msg: QUIZ_MESSAGES.detailRequiredRadio }], options)
}

function checkboxes(base: QuestionBase, options: Option[]): Question {
  return question(base, { type: 'checkbox' }, [{ type: 'required', msg: QUIZ_MESSAGES.detailRequiredCheckbox }], options)
}

function freeText(base: QuestionBase): Question {
  return question(base, { type: 'textbox', props: { maxLength: 100 } }, [
    { type: 'required', msg: QUIZ_MESSAGES.detailRequiredField },
    { type: 'maxLength', args: { max: 100 }, msg: QUIZ_MESSAGES.textTooLong },
  ])
}

/** A session's length (the stored value is hours:minutes) in words: Persian digits on the Persian form. */
const SESSION_DURATIONS: readonly (readonly [string, Text])[] = [
  ['0:30', text('نیم ساعت', '30 dakika')],
  ['1:00', text('۱ ساعت', '1 saat')],
  ['1:30', text('۱ ساعت و نیم', '1,5 saat')],
  ['2:00', text('۲ ساعت', '2 saat')],
  ['3:00', text('۳ ساعت', '3 saat')],
  ['4:00', text('۴ ساعت', '4 saat')],
]

/**
 * Left-to-right text kept whole inside right-to-left text ("B+" shows as "B+", not "+B"): an <option> cannot hold a
 * <bdi>, so the Unicode isolate marks do its work.
 */
export function isolatedLtr(value: string): string {
  return `\u2066${value}\u2069`
}

const none = (fa: string, tr: string) => option('NONE', text(fa, tr), { xor: true })

function section(id: string, order: number, name: string, desc: Text, questions: Question[]): Form {
  return { id, order, name, desc, submitOnUserAnswer: false, buttonStyle: 'sticky', questions }
}

export const dietRequestForms: readonly Form[] = [
  section('f1', 1, 'physicalSpecs', text('مشخصات بدنی', 'Fiziksel özellikler'), [
    radio({ id: 'gender', name: 'gender', title: text('جنسیت', 'Cinsiyet') }, [
      option('FEMALE', text('خانم', 'Kadın')),
      option('MALE', text('آقا', 'Erkek')),
    ]),
    age(),
    measure('weight', text('وزن', 'Kilo'), { min: 2, max: 200 }, KG),
    measure('stature', text('قد', 'Boy'), { min: 90, max: 240 }, CM),
    measure('wrist', text('دور مچ', 'Bilek çevresi'), { min: 10, max: 24 }, CM),
    measure('shoulders', text('عرض شانه', 'Omuz genişliği'), { min: 10, max: 120 }, CM),
    measure('chest', text('دور سینه', 'Göğüs çevresi'), { min: 30, max: 150 }, CM),
    measure('abdominal', text('دور کمر', 'Bel çevresi'), { min: 20, max: 200 }, CM),
    measure('hip', text('دور باسن', 'Kalça çevresi'), { min: 20, max: 200 }, CM),
    measure('thigh', text('دور ران', 'Uyluk çevresi'), { min: 10, max: 120 }, CM),
    measure('birthWeight', text('وزن هنگام تولد', 'Doğum kilosu'), { min: 0.3, max: 6 }, KG),
    measure('birthStature', text('قد هنگام تولد', 'Doğum boyu'), { min: 10, max: 70 }, CM),
    measure('fatherStature', text('قد پدر', 'Babanın boyu'), { min: 40, max: 200 }, CM),
    measure('motherStature', text('قد مادر', 'Annenin boyu'), { min: 40, max: 200 }, CM),
  ]),
  section('f2', 2, 'health', text('سلامت', 'Sağlık'), [
    radio({ id: 'headache', name: 'headache', title: text('آیا سردرد مکرر دارید؟', 'Sık baş ağrınız var mı?') }, YES_NO()),
    radio({ id: 'thyroid', name: 'thyroid', title: text('وضعیت تیروئید شما', 'Tiroid durumunuz') }, [
      option('NORMAL', text('طبیعی', 'Normal')),
      option('HYPO', text('کم‌کاری', 'Hipotiroidi')),
      option('HYPER', text('پرکاری', 'Hipertiroidi')),
    ]),
    radio({ id: 'pressure', name: 'pressure', title: text('فشار خون شما', 'Tansiyonunuz') }, [
      option('NORMAL', text('طبیعی', 'Normal')),
      option('LOW', text('پایین', 'Düşük')),
      option('HIGH', text('بالا', 'Yüksek')),
    ]),
    radio({ id: 'anemia', name: 'anemia', title: text('آیا کم‌خونی دارید؟', 'Kansızlığınız var mı?') }, YES_NO()),
    radio({ id: 'medication', name: 'medication', title: text('آیا داروی خاصی مصرف می‌کنید؟', 'Düzenli kullandığınız bir ilaç var mı?') }, YES_NO()),
    freeText({
      id: 'medicationNames',
      name: 'medicationNames',
      title: text('نام داروها', 'İlaçların adları'),
      showIf: { question: 'medication', anyOf: ['YES'] },
    }),
  ]),
  section('f3', 3, 'generalDiscomforts', text('ناراحتی‌های عمومی', 'Genel rahatsızlıklar'), [
    checkboxes({ id: 'discomforts', name: 'discomforts', title: text('کدام مورد را تجربه می‌کنید؟', 'Hangilerini yaşıyorsunuz?') }, [
      option('FATIGUE', text('خستگی مزمن', 'Kronik yorgunluk')),
      option('DIZZINESS', text('سرگیجه', 'Baş dönmesi')),
      option('COLD_HANDS', text('سردی دست و پا', 'El ve ayak soğukluğu')),
      option('HAIR_LOSS', text('ریزش مو', 'Saç dökülmesi')),
      option('DRY_SKIN', text('خشکی پوست', 'Cilt kuruluğu')),
      none('هیچ‌کدام', 'Hiçbiri'),
    ]),
  ]),
  section('f4', 4, 'generalTraits', text('ویژگی‌های عمومی', 'Genel özellikler'), [
    radio({ id: 'appetite', name: 'appetite', title: text('اشتهای شما', 'İştahınız') }, [
      option('LOW', text('کم', 'Az')),
      option('NORMAL', text('معمولی', 'Normal')),
      option('HIGH', text('زیاد', 'Fazla')),
    ]),
    radio({ id: 'temperament', name: 'temperament', title: text('طبع بدن شما', 'Vücut mizacınız') }, [
      option('WARM', text('گرم', 'Sıcak')),
      option('COLD', text('سرد', 'Soğuk')),
      option('BALANCED', text('معتدل', 'Dengeli')),
    ]),
    radio(
      { id: 'sleepHours', name: 'sleepHours', title: text('ساعت خواب شبانه', 'Gece uyku süresi') },
      [
        option('UNDER_6', text('کمتر از ۶ ساعت', '6 saatten az')),
        option('6_8', text('۶ تا ۸ ساعت', '6-8 saat')),
        option('OVER_8', text('بیشتر از ۸ ساعت', '8 saatten fazla')),
      ],
      'select',
    ),
  ]),
  section('f5', 5, 'digestion', text('گوارش', 'Sindirim'), [
    checkboxes({ id: 'digestion', name: 'digestion', title: text('مشکلات گوارشی', 'Sindirim sorunları') }, [
      option('BLOATING', text('نفخ', 'Şişkinlik')),
      option('CONSTIPATION', text('یبوست', 'Kabızlık')),
      option('DIARRHEA', text('اسهال', 'İshal')),
      option('REFLUX', text('ریفلاکس', 'Reflü')),
      none('مشکلی ندارم', 'Sorunum yok'),
    ]),
  ]),
  section('f6', 6, 'bloodTests', text('آزمایش خون', 'Kan tahlilleri'), [
    radio({ id: 'hasBloodTest', name: 'hasBloodTest', title: text('آزمایش خون اخیر دارید؟', 'Yakın tarihli kan tahliliniz var mı?') }, YES_NO()),
    labValue('glucose', text('قند خون ناشتا', 'Açlık kan şekeri'), { question: 'hasBloodTest', anyOf: ['YES'] }),
    labValue('triglyceride', text('تری‌گلیسیرید', 'Trigliserit'), { question: 'hasBloodTest', anyOf: ['YES'] }),
    labValue('cholesterol', text('کلسترول', 'Kolesterol'), { question: 'hasBloodTest', anyOf: ['YES'] }),
    labValue('uricAcid', text('اسید اوریک', 'Ürik asit'), { question: 'hasBloodTest', anyOf: ['YES'] }),
    labValue('platelet', text('پلاکت', 'Trombosit'), { question: 'hasBloodTest', anyOf: ['YES'] }),
  ]),
  section('f7', 7, 'sport', text('ورزش', 'Spor'), [
    radio(
      { id: 'exerciseDays', name: 'exerciseDays', title: text('چند روز در هفته ورزش می‌کنید؟', 'Haftada kaç gün spor yapıyorsunuz?') },
      ['0', '1', '2', '3', '4', '5', '6', '7'].map((days) =>
        option(days, days === '0' ? text('ورزش نمی‌کنم', 'Spor yapmıyorum') : text(`${toPersianDigits(days)} روز`, `${days} gün`)),
      ),
      'select',
    ),
    radio(
      { id: 'exerciseDuration', name: 'exerciseDuration', title: text('مدت هر جلسه', 'Seans süresi'), showIf: { question: 'exerciseDays', anyOf: ['1', '2', '3', '4', '5', '6', '7'] } },
      SESSION_DURATIONS.map(([duration, label]) => option(duration, label)),
      'select',
    ),
    radio(
      { id: 'trainingIntensity', name: 'trainingIntensity', title: text('شدت تمرین (درصد از سنگین‌ترین وزنه‌ای که یک بار می‌توانید بلند کنید)', 'Antrenman yoğunluğu (bir kez kaldırabildiğiniz en ağır ağırlığın yüzdesi)'), showIf: { question: 'exerciseDays', anyOf: ['1', '2', '3', '4', '5', '6', '7'] } },
      [option('40_60', text('۴۰ تا ۶۰ درصد', '%40-60')), option('60_80', text('۶۰ تا ۸۰ درصد', '%60-80')), option('80_100', text('۸۰ تا ۱۰۰ درصد', '%80-100'))],
    ),
  ]),
  section('f8', 8, 'womensHealth', text('سلامت بانوان', 'Kadın sağlığı'), [
    radio({ id: 'pregnant', name: 'pregnant', title: text('آیا باردار هستید؟', 'Hamile misiniz?'), showIf: FEMALE_ONLY }, YES_NO()),
    radio({ id: 'breastFeeding', name: 'breastFeeding', title: text('آیا شیر می‌دهید؟', 'Emziriyor musunuz?'), showIf: FEMALE_ONLY }, YES_NO()),
    radio({ id: 'periodRegular', name: 'periodRegular', title: text('آیا قاعدگی منظم دارید؟', 'Adetleriniz düzenli mi?'), showIf: FEMALE_ONLY }, YES_NO()),
  ]),
  section('f9', 9, 'extraQuestions', text('سوالات تکمیلی', 'Ek sorular'), [
    freeText({ id: 'favouriteFoods', name: 'favouriteFoods', title: text('غذاهای مورد علاقه شما', 'En sevdiğiniz yemekler') }),
    freeText({ id: 'dislikedFoods', name: 'dislikedFoods', title: text('غذاهایی که دوست ندارید', 'Sevmediğiniz yemekler') }),
  ]),
  section('f10', 10, 'personalInfo', text('اطلاعات شخصی', 'Kişisel bilgiler'), [
    radio({ id: 'marital', name: 'marital', title: text('وضعیت تاهل', 'Medeni durum') }, [
      option('SINGLE', text('مجرد', 'Bekar')),
      option('MARRIED', text('متاهل', 'Evli')),
    ]),
    radio(
      { id: 'education', name: 'education', title: text('تحصیلات', 'Eğitim') },
      [
        option('DIPLOMA', text('دیپلم و پایین‌تر', 'Lise ve altı')),
        option('BACHELOR', text('کارشناسی', 'Lisans')),
        option('MASTER', text('کارشناسی ارشد', 'Yüksek lisans')),
        option('PHD', text('دکتری', 'Doktora')),
      ],
      'select',
    ),
    radio(
      { id: 'blood', name: 'blood', title: text('گروه خونی', 'Kan grubu') },
      ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-', 'UNKNOWN'].map((group) =>
        option(group, group === 'UNKNOWN' ? text('نمی‌دانم', 'Bilmiyorum') : text(isolatedLtr(group), group)),
      ),
      'select',
    ),
    dateQuestion(
      { id: 'birthDate', name: 'birthDate', title: text('تاریخ تولد', 'Doğum tarihi') },
      { fromYear: 1300, toYear: 1400 },
      QUIZ_MESSAGES.detailRequiredField,
      [{ type: 'matchesAge', args: { question: 'age' }, msg: QUIZ_MESSAGES.birthDateAge }],
    ),
    freeText({ id: 'job', name: 'job', title: text('شغل', 'Meslek') }),
    freeText({ id: 'city', name: 'city', title: text('شهر محل سکونت', 'Yaşadığınız şehir') }),
  ]),
]

/** Fixed location values of the medical-profile request [QN-65]. */
export const PROFILE_LOCATION = { countryCode: 'TR', state: 2170, city: 107851 } as const
