import { PRODUCT_CODE } from '@/config/env'
import { QUIZ_MESSAGES } from '../domain/messages'
import { quizPaths } from '../paths'
import { RESULT, type Flow, type Option } from '../types'
import { FEMALE, MALE, multiChoice, numberQuestion, option, rulerQuestion, singleChoice, step, text } from './build'
import { genderChoice } from './common'

/**
 * Good-looking, the body and lifestyle quiz (spec 3 §2, §3) on /bm_f1 … /bm_f17 [QN-13…QN-16]. Question ids are the
 * step ids. Working time is asked on bm_f7 for a female (with Housewife) and on bm_f8 for a male (without it), so a
 * visitor answers 16 of the 17 steps.
 */

const GENDER = 'bm_f1'
const KG = text('کیلوگرم', 'kilogram')
const WEIGHT_RANGE = { min: 15, max: 249.99, msg: QUIZ_MESSAGES.weightRange }

function workingTimeOptions(withHousewife: boolean): Option[] {
  return [
    option('Office_Time', text('ساعت اداری', 'Mesai saatleri')),
    option('Night_Shift', text('شیفت شب', 'Gece vardiyası')),
    option('Flexible_Time', text('ساعت کاری شناور', 'Esnek çalışma saatleri')),
    ...(withHousewife ? [option('Housewife', text('خانه‌دار هستم', 'Ev hanımıyım'))] : []),
  ]
}

const workingTitle = text('ساعت کاری شما چگونه است؟', 'Çalışma saatleriniz nasıl?')

const steps = [
  step('bm_f1', 1, genderChoice(GENDER)),
  step(
    'bm_f2',
    2,
    singleChoice(
      { id: 'bm_f2', name: 'goal', title: text('هدف اصلی شما چیست؟', 'Asıl hedefiniz nedir?') },
      [
        option('LOSE_WEIGHT', text('کاهش وزن', 'Kilo vermek'), { img: '/quiz/goal-lose-weight.svg' }),
        option('PUMPED', text('عضله‌سازی و فرم گرفتن', 'Kas yapmak ve forma girmek'), { img: '/quiz/goal-pumped.svg' }),
        option('HEALTHY_HABITS', text('عادت‌های سالم', 'Sağlıklı alışkanlıklar'), { img: '/quiz/goal-healthy-habits.svg' }),
      ],
      'pictureRadio',
    ),
  ),
  step(
    'bm_f3',
    3,
    singleChoice({ id: 'bm_f3', name: 'ageRange', title: text('در چه بازه سنی هستید؟', 'Hangi yaş aralığındasınız?') }, [
      option('20Year', text('۲۰ تا ۲۹ سال', '20-29 yaş')),
      option('30Year', text('۳۰ تا ۳۹ سال', '30-39 yaş')),
      option('40Year', text('۴۰ تا ۴۹ سال', '40-49 yaş')),
      option('50Year', text('۵۰ سال و بالاتر', '50 yaş ve üstü')),
    ]),
  ),
  step(
    'bm_f4',
    4,
    singleChoice({ id: 'bm_f4', name: 'foodType', title: text('بیشتر چه غذایی می‌خورید؟', 'Çoğunlukla ne tür yemekler yiyorsunuz?') }, [
      option('Homemade_Food', text('غذای خانگی', 'Ev yemeği')),
      option('Restaurant_Food', text('غذای بیرون', 'Dışarıda yemek')),
      option('Both', text('هر دو', 'Her ikisi')),
    ]),
  ),
  step(
    'bm_f5',
    5,
    singleChoice({ id: 'bm_f5', name: 'selfDeclaration', title: text('متابولیسم بدن خود را چطور توصیف می‌کنید؟', 'Metabolizmanızı nasıl tanımlarsınız?') }, [
      option('High_Metabolism', text('زیاد می‌خورم و چاق نمی‌شوم', 'Çok yerim ama kilo almam')),
      option('Normal_Metabolism', text('معمولی', 'Normal')),
      option('Low_Metabolism', text('کم می‌خورم و زود چاق می‌شوم', 'Az yerim ama çabuk kilo alırım')),
    ]),
  ),
  step(
    'bm_f6',
    6,
    singleChoice({ id: 'bm_f6', name: 'activity', title: text('چقدر ورزش می‌کنید؟', 'Ne kadar spor yapıyorsunuz?') }, [
      option('Three_Time', text('سه بار یا بیشتر در هفته', 'Haftada üç kez veya daha fazla')),
      option('One_Time', text('یک بار در هفته', 'Haftada bir kez')),
      option('Starting', text('تازه شروع کرده‌ام', 'Yeni başladım')),
      option('None', text('ورزش نمی‌کنم', 'Spor yapmıyorum')),
    ]),
  ),
  step('bm_f7', 7, singleChoice({ id: 'bm_f7', name: 'workingTime', title: workingTitle }, workingTimeOptions(true))),
  step('bm_f8', 7, singleChoice({ id: 'bm_f8', name: 'workingTime', title: workingTitle }, workingTimeOptions(false))),
  step(
    'bm_f9',
    8,
    singleChoice({ id: 'bm_f9', name: 'typicalDay', title: text('یک روز معمولی شما چطور می‌گذرد؟', 'Sıradan bir gününüz nasıl geçer?') }, [
      option('Office', text('پشت میز می‌نشینم', 'Masa başında otururum')),
      option('Activity', text('در طول روز فعال هستم', 'Gün boyu hareketliyim')),
      option('Physical', text('کار بدنی سنگین دارم', 'Ağır bedensel bir işim var')),
      option('House', text('بیشتر در خانه هستم', 'Çoğunlukla evdeyim')),
    ]),
  ),
  step(
    'bm_f10',
    9,
    singleChoice({ id: 'bm_f10', name: 'sleep', title: text('شب‌ها چند ساعت می‌خوابید؟', 'Geceleri kaç saat uyuyorsunuz?') }, [
      option('5Hour', text('کمتر از ۵ ساعت', '5 saatten az')),
      option('6Hour', text('۶ ساعت', '6 saat')),
      option('7Hour', text('۷ ساعت', '7 saat')),
      option('8Hour', text('۸ ساعت یا بیشتر', '8 saat veya daha fazla')),
    ]),
  ),
  step(
    'bm_f11',
    10,
    singleChoice({ id: 'bm_f11', name: 'water', title: text('روزانه چقدر آب می‌نوشید؟', 'Günde ne kadar su içiyorsunuz?') }, [
      option('Tea', text('فقط چای و قهوه', 'Sadece çay ve kahve')),
      option('2Glasses', text('حدود ۲ لیوان', 'Yaklaşık 2 bardak')),
      option('6Glasses', text('حدود ۶ لیوان', 'Yaklaşık 6 bardak')),
      option('UpTo_6Glasses', text('بیشتر از ۶ لیوان', '6 bardaktan fazla')),
    ]),
  ),
  step(
    'bm_f12',
    11,
    multiChoice(
      { id: 'bm_f12', name: 'foodRestriction', title: text('محدودیت غذایی دارید؟', 'Beslenme kısıtlamanız var mı?'), subTitle: text('حداکثر ۳ مورد', 'En fazla 3 seçenek') },
      [
        option('None', text('ندارم', 'Yok'), { xor: true }),
        option('Carbohydrate', text('کربوهیدرات', 'Karbonhidrat')),
        option('Protein', text('پروتئین', 'Protein')),
        option('Dairy', text('لبنیات', 'Süt ürünleri')),
        option('Lactose', text('لاکتوز', 'Laktoz')),
        option('Gluten', text('گلوتن', 'Gluten')),
      ],
      { type: 'tags', props: { limit: 3 } },
    ),
  ),
  step(
    'bm_f13',
    12,
    singleChoice({ id: 'bm_f13', name: 'motivation', title: text('چه چیزی شما را برای رسیدن به وزن ایده‌آل مصمم می‌کند؟', 'İdeal kilonuza ulaşmak için sizi ne kararlı kılıyor?') }, [
      option(`Why_${PRODUCT_CODE}`, text('می‌خواهم بدانم لیمو چطور کمکم می‌کند', "Limoo'nun bana nasıl yardım edeceğini merak ediyorum")),
      option('Effort', text('حاضرم برایش تلاش کنم', 'Bunun için çaba göstermeye hazırım')),
      option('Determined', text('کاملا مصمم هستم', 'Tamamen kararlıyım')),
    ]),
  ),
  step(
    'bm_f14',
    13,
    rulerQuestion(
      { id: 'bm_f14', name: 'height', title: text('قد شما چند سانتی‌متر است؟', 'Boyunuz kaç santimetre?') },
      { min: 90, max: 249.99, msg: QUIZ_MESSAGES.heightRange },
      text('سانتی‌متر', 'santimetre'),
    ),
  ),
  step('bm_f15', 14, numberQuestion({ id: 'bm_f15', name: 'weight', title: text('وزن فعلی شما چقدر است؟', 'Şu anki kilonuz kaç?') }, WEIGHT_RANGE, KG)),
  step('bm_f16', 15, numberQuestion({ id: 'bm_f16', name: 'idealWeight', title: text('وزن ایده‌آل شما چقدر است؟', 'İdeal kilonuz kaç?') }, WEIGHT_RANGE, KG)),
  step(
    'bm_f17',
    16,
    singleChoice({ id: 'bm_f17', name: 'lastDiet', title: text('آخرین بار کی رژیم گرفته‌اید؟', 'En son ne zaman diyet yaptınız?') }, [
      option('1Year', text('در یک سال اخیر', 'Son bir yıl içinde')),
      option('2Year', text('دو سال پیش', 'İki yıl önce')),
      option('3Year', text('سه سال پیش یا بیشتر', 'Üç yıl veya daha önce')),
      option('None', text('تا حالا رژیم نگرفته‌ام', 'Hiç diyet yapmadım')),
    ]),
  ),
]

/** Linear, except that activity leads to the gender's working-time step [QN-15]. */
export const GOOD_LOOKING_NEXT = {
  bm_f1: 'bm_f2',
  bm_f2: 'bm_f3',
  bm_f3: 'bm_f4',
  bm_f4: 'bm_f5',
  bm_f5: 'bm_f6',
  bm_f6: { byAnswer: GENDER, cases: { [FEMALE]: 'bm_f7', [MALE]: 'bm_f8' } },
  bm_f7: 'bm_f9',
  bm_f8: 'bm_f9',
  bm_f9: 'bm_f10',
  bm_f10: 'bm_f11',
  bm_f11: 'bm_f12',
  bm_f12: 'bm_f13',
  bm_f13: 'bm_f14',
  bm_f14: 'bm_f15',
  bm_f15: 'bm_f16',
  bm_f16: 'bm_f17',
  bm_f17: RESULT,
} as const

export const goodLooking: Flow = {
  id: 'good-looking',
  formType: 'good-looking',
  formId: '1',
  firstStep: 'bm_f1',
  steps,
  next: GOOD_LOOKING_NEXT,
  stepPath: quizPaths.goodLookingStep,
  preparePath: quizPaths.prepareResult,
  resultPath: quizPaths.result,
  genderQuestion: GENDER,
  genderResetsAnswers: true,
}
