import { quizPaths } from '../paths'
import { QUIZ_MESSAGES } from '../domain/messages'
import { RESULT, type Flow } from '../types'
import {
  FEMALE,
  femaleOnly,
  multiChoice,
  numberQuestion,
  option,
  singleChoice,
  step,
  text,
} from './build'
import {
  digestionChoice,
  diseasesChoice,
  foodRestrictionsChoice,
  genderChoice,
  nothingOption,
  recentProblemOptions,
  sportOptions,
  waterChoice,
} from './common'

/** Betterme, the general weight-loss test (spec 3 §2, §3): step n asks `bm2_n` [QN-66]. */

const GENDER = 'bm2_1'
const KG = text('کیلوگرم')
const WEIGHT_RANGE = { min: 15, max: 249.99, msg: QUIZ_MESSAGES.weightRange }

const steps = [
  step('1', 1, genderChoice(GENDER, FEMALE)),
  step(
    '2',
    2,
    singleChoice({ id: 'bm2_2', name: 'goal', title: text('هدف اصلی شما از گرفتن رژیم چیست؟') }, [
      option('REDUCE', text('کاهش وزن')),
      option('FITNESS', text('تناسب اندام')),
      option('ESLAH', text('اصلاح سبک تغذیه')),
      option('ARAMESH', text('آرامش و سلامت روان')),
    ]),
  ),
  step(
    '3',
    3,
    singleChoice({ id: 'bm2_3', name: 'age', title: text('چند سال دارید؟') }, [
      option('UNDER18', text('زیر ۱۸ سال')),
      option('19_40', text('۱۹ تا ۴۰ سال')),
      option('41_65', text('۴۱ تا ۶۵ سال')),
      option('OVER65', text('بالای ۶۵ سال')),
    ]),
  ),
  step(
    '4',
    4,
    diseasesChoice('bm2_4', [
        'DIABET',
        'CRATENINE',
        'BLOOD-FAT',
        'BLOOD-PRESSURE',
        'FATTY-LIVER',
        'URICACID',
        'MIGREN',
        'GALLSTONES',
        'DEPRESS',
        'KIDNEY',
        'MS',
        'HEART',
        'CANCER',
        'OTHERS',
      ]),
  ),
  step('5', 5, foodRestrictionsChoice('bm2_5')),
  step(
    '6',
    6,
    multiChoice(
      { id: 'bm2_6', name: 'recentProblems', title: text('اخیرا با کدام یک از این مشکلات روبه‌رو بوده‌اید؟') },
      [...recentProblemOptions(GENDER), nothingOption('هیچ‌کدام از این مشکلات را ندارم')],
    ),
  ),
  step(
    '7',
    7,
    multiChoice({ id: 'bm2_7', name: 'specialPeriod', title: text('آیا در دوره خاصی هستید؟') }, [
      option('RECOVERY', text('دوران نقاهت بعد از بیماری')),
      option('DRUG', text('مصرف داروی خاص')),
      option('STUDY', text('دوران امتحانات و مطالعه')),
      option('MEDITATION', text('مدیتیشن و ورزش‌های ذهنی')),
      option('PREGNANCY', text('بارداری'), { showIf: femaleOnly(GENDER) }),
      option('BREAST_FEEDING', text('شیردهی'), { showIf: femaleOnly(GENDER) }),
      nothingOption('در دوره خاصی نیستم'),
    ]),
  ),
  step('8', 8, digestionChoice('bm2_8')),
  step(
    '9',
    9,
    singleChoice({ id: 'bm2_9', name: 'sport', title: text('چقدر ورزش می‌کنید؟') }, [
      ...sportOptions(),
      option('PROFESSIONAL', text('ورزشکار حرفه‌ای هستم')),
    ]),
  ),
  step('10', 10, waterChoice('bm2_10')),
  step(
    '11',
    11,
    singleChoice({ id: 'bm2_11', name: 'dailyRoutine', title: text('روزهای شما معمولا چطور می‌گذرد؟') }, [
      option('HOME_MOSTLY', text('بیشتر در خانه هستم')),
      option('WORK_MOSTLY', text('بیشتر سر کار هستم')),
      option('2_4_OUT_HOME', text('۲ تا ۴ ساعت بیرون از خانه هستم')),
      option('NOT_NIGHT_HOME', text('شب‌ها خانه نیستم')),
      option('NOT_PLANNED', text('برنامه مشخصی ندارم')),
    ]),
  ),
  step(
    '12',
    12,
    numberQuestion({ id: 'bm2_12', name: 'currentWeight', title: text('وزن فعلی شما چقدر است؟') }, WEIGHT_RANGE, KG),
  ),
  step(
    '13',
    13,
    numberQuestion({ id: 'bm2_13', name: 'goalWeight', title: text('دوست دارید به چه وزنی برسید؟') }, WEIGHT_RANGE, KG),
  ),
  step(
    '14',
    14,
    singleChoice({ id: 'bm2_14', name: 'pace', title: text('با چه سرعتی می‌خواهید به وزن دلخواه برسید؟') }, [
      option('FAST', text('سریع'), { subTitle: text('با رژیم فشرده و نتیجه زودتر') }),
      option('SLOW', text('آرام'), { subTitle: text('با رژیم ملایم و پایدار') }),
    ]),
  ),
  step(
    '15',
    15,
    singleChoice({ id: 'bm2_15', name: 'consultation', title: text('آیا مایل به دریافت مشاوره رایگان هستید؟') }, [
      option('YES', text('بله، تماس بگیرید')),
      option('NO', text('خیر، فعلا نه')),
    ]),
  ),
]

/**
 * The next-step map of spec 3 §2 [QN-03…QN-07]: 4, 5 and 8 are defined but skipped; 15 routes to the result and no
 * step leads to it.
 */
export const BETTERME_NEXT = {
  '1': '2',
  '2': '3',
  '3': '6',
  '4': '6',
  '6': '7',
  '7': '9',
  '8': '9',
  '9': '10',
  '10': '11',
  '11': '12',
  '12': '13',
  '13': '14',
  '14': RESULT,
  '15': RESULT,
} as const

export const betterme: Flow = {
  id: 'betterme',
  formType: 'betterme2',
  formId: '1',
  firstStep: '1',
  steps,
  next: BETTERME_NEXT,
  stepPath: quizPaths.bettermeStep,
  preparePath: quizPaths.prepareBettermeResult,
  resultPath: quizPaths.bettermeResult,
  genderQuestion: GENDER,
  storedGenderKey: 'bm2_gender',
  hasTurkish: false,
}
