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
const KG = text('کیلوگرم')
const WEIGHT_RANGE = { min: 15, max: 249.99, msg: QUIZ_MESSAGES.weightRange }

function workingTimeOptions(withHousewife: boolean): Option[] {
  return [
    option('Office_Time', text('ساعت اداری')),
    option('Night_Shift', text('شیفت شب')),
    option('Flexible_Time', text('ساعت کاری شناور')),
    ...(withHousewife ? [option('Housewife', text('خانه‌دار هستم'))] : []),
  ]
}

const workingTitle = text('ساعت کاری شما چگونه است؟')

const steps = [
  step('bm_f1', 1, genderChoice(GENDER)),
  step(
    'bm_f2',
    2,
    singleChoice(
      { id: 'bm_f2', name: 'goal', title: text('هدف اصلی شما چیست؟') },
      [
        option('LOSE_WEIGHT', text('کاهش وزن'), { img: '/quiz/goal-lose-weight.svg' }),
        option('PUMPED', text('عضله‌سازی و فرم گرفتن'), { img: '/quiz/goal-pumped.svg' }),
        option('HEALTHY_HABITS', text('عادت‌های سالم'), { img: '/quiz/goal-healthy-habits.svg' }),
      ],
      'pictureRadio',
    ),
  ),
  step(
    'bm_f3',
    3,
    singleChoice({ id: 'bm_f3', name: 'ageRange', title: text('در چه بازه سنی هستید؟') }, [
      option('20Year', text('۲۰ تا ۲۹ سال')),
      option('30Year', text('۳۰ تا ۳۹ سال')),
      option('40Year', text('۴۰ تا ۴۹ سال')),
      option('50Year', text('۵۰ سال و بالاتر')),
    ]),
  ),
  step(
    'bm_f4',
    4,
    singleChoice({ id: 'bm_f4', name: 'foodType', title: text('بیشتر چه غذایی می‌خورید؟') }, [
      option('Homemade_Food', text('غذای خانگی')),
      option('Restaurant_Food', text('غذای بیرون')),
      option('Both', text('هر دو')),
    ]),
  ),
  step(
    'bm_f5',
    5,
    singleChoice({ id: 'bm_f5', name: 'selfDeclaration', title: text('متابولیسم بدن خود را چطور توصیف می‌کنید؟') }, [
      option('High_Metabolism', text('زیاد می‌خورم و چاق نمی‌شوم')),
      option('Normal_Metabolism', text('معمولی')),
      option('Low_Metabolism', text('کم می‌خورم و زود چاق می‌شوم')),
    ]),
  ),
  step(
    'bm_f6',
    6,
    singleChoice({ id: 'bm_f6', name: 'activity', title: text('چقدر ورزش می‌کنید؟') }, [
      option('Three_Time', text('سه بار یا بیشتر در هفته')),
      option('One_Time', text('یک بار در هفته')),
      option('Starting', text('تازه شروع کرده‌ام')),
      option('None', text('ورزش نمی‌کنم')),
    ]),
  ),
  step('bm_f7', 7, singleChoice({ id: 'bm_f7', name: 'workingTime', title: workingTitle }, workingTimeOptions(true))),
  step('bm_f8', 7, singleChoice({ id: 'bm_f8', name: 'workingTime', title: workingTitle }, workingTimeOptions(false))),
  step(
    'bm_f9',
    8,
    singleChoice({ id: 'bm_f9', name: 'typicalDay', title: text('یک روز معمولی شما چطور می‌گذرد؟') }, [
      option('Office', text('پشت میز می‌نشینم')),
      option('Activity', text('در طول روز فعال هستم')),
      option('Physical', text('کار بدنی سنگین دارم')),
      option('House', text('بیشتر در خانه هستم')),
    ]),
  ),
  step(
    'bm_f10',
    9,
    singleChoice({ id: 'bm_f10', name: 'sleep', title: text('شب‌ها چند ساعت می‌خوابید؟') }, [
      option('5Hour', text('کمتر از ۵ ساعت')),
      option('6Hour', text('۶ ساعت')),
      option('7Hour', text('۷ ساعت')),
      option('8Hour', text('۸ ساعت یا بیشتر')),
    ]),
  ),
  step(
    'bm_f11',
    10,
    singleChoice({ id: 'bm_f11', name: 'water', title: text('روزانه چقدر آب می‌نوشید؟') }, [
      option('Tea', text('فقط چای و قهوه')),
      option('2Glasses', text('حدود ۲ لیوان')),
      option('6Glasses', text('حدود ۶ لیوان')),
      option('UpTo_6Glasses', text('بیشتر از ۶ لیوان')),
    ]),
  ),
  step(
    'bm_f12',
    11,
    multiChoice(
      { id: 'bm_f12', name: 'foodRestriction', title: text('محدودیت غذایی دارید؟'), subTitle: text('حداکثر ۳ مورد') },
      [
        option('None', text('ندارم'), { xor: true }),
        option('Carbohydrate', text('کربوهیدرات')),
        option('Protein', text('پروتئین')),
        option('Dairy', text('لبنیات')),
        option('Lactose', text('لاکتوز')),
        option('Gluten', text('گلوتن')),
      ],
      { type: 'tags', props: { limit: 3 } },
    ),
  ),
  step(
    'bm_f13',
    12,
    singleChoice({ id: 'bm_f13', name: 'motivation', title: text('چه چیزی شما را برای رسیدن به وزن ایده‌آل مصمم می‌کند؟') }, [
      option(`Why_${PRODUCT_CODE}`, text('می‌خواهم بدانم لیمو چطور کمکم می‌کند')),
      option('Effort', text('حاضرم برایش تلاش کنم')),
      option('Determined', text('کاملا مصمم هستم')),
    ]),
  ),
  step(
    'bm_f14',
    13,
    rulerQuestion(
      { id: 'bm_f14', name: 'height', title: text('قد شما چند سانتی‌متر است؟') },
      { min: 90, max: 249.99, msg: QUIZ_MESSAGES.heightRange },
      text('سانتی‌متر'),
    ),
  ),
  step('bm_f15', 14, numberQuestion({ id: 'bm_f15', name: 'weight', title: text('وزن فعلی شما چقدر است؟') }, WEIGHT_RANGE, KG)),
  step('bm_f16', 15, numberQuestion({ id: 'bm_f16', name: 'idealWeight', title: text('وزن ایده‌آل شما چقدر است؟') }, WEIGHT_RANGE, KG)),
  step(
    'bm_f17',
    16,
    singleChoice({ id: 'bm_f17', name: 'lastDiet', title: text('آخرین بار کی رژیم گرفته‌اید؟') }, [
      option('1Year', text('در یک سال اخیر')),
      option('2Year', text('دو سال پیش')),
      option('3Year', text('سه سال پیش یا بیشتر')),
      option('None', text('تا حالا رژیم نگرفته‌ام')),
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
  hasTurkish: false,
}
