Feature: QN-flow: قواعد گام‌ها، ابزارها، زمان‌بندی و ارسال پاسخ‌های پرسشنامه‌ها
  ترتیب پرسش‌های هر جریان، ابزارهای پاسخ، زمان‌بندی صفحه‌ها، ارسال دوباره پاسخ‌ها و بازه‌های فرم درخواست رژیم
  (بخش ۲ تا ۵ و ۷ سند ۳). همه نام سناریوها «QN-flow» دارند تا جدا اجرا شوند.

  @ui @QN-14 @QN-44
  Scenario: QN-flow: good-looking پرسش‌ها را به ترتیب می‌پرسد، هر گام را می‌فرستد و در گام ۱۷ همه پاسخ‌ها را دارد
    Given سرور پرسشنامه‌ها در دسترس است
    When مشتری صفحه "/bm_f1" را باز می‌کند
    And بازدیدکننده پرسشنامه "good-looking" را گام به گام این‌گونه پاسخ می‌دهد:
      | مسیر    | پرسش   | نام             | پاسخ                 |
      | /bm_f1  | bm_f1  | gender          | گزینه: FEMALE         |
      | /bm_f2  | bm_f2  | goal            | گزینه: LOSE_WEIGHT    |
      | /bm_f3  | bm_f3  | ageRange        | گزینه: 30Year         |
      | /bm_f4  | bm_f4  | foodType        | گزینه: Both           |
      | /bm_f5  | bm_f5  | selfDeclaration | گزینه: Low_Metabolism |
      | /bm_f6  | bm_f6  | activity        | گزینه: None           |
      | /bm_f7  | bm_f7  | workingTime     | گزینه: Housewife      |
      | /bm_f9  | bm_f9  | typicalDay      | گزینه: House          |
      | /bm_f10 | bm_f10 | sleep           | گزینه: 7Hour          |
      | /bm_f11 | bm_f11 | water           | گزینه: Tea            |
      | /bm_f12 | bm_f12 | foodRestriction | گزینه: Dairy          |
      | /bm_f13 | bm_f13 | motivation      | گزینه: Effort         |
      | /bm_f14 | bm_f14 | height          | خط‌کش                 |
      | /bm_f15 | bm_f15 | weight          | عدد: 72               |
      | /bm_f16 | bm_f16 | idealWeight     | عدد: 60               |
      | /bm_f17 | bm_f17 | lastDiet        | گزینه: None           |
    Then مشتری به مسیر "/prepare-result" می‌رسد
    And آخرین پاسخ‌نامه "good-looking" پاسخ همه این پرسش‌ها را دارد: "bm_f1, bm_f2, bm_f3, bm_f4, bm_f5, bm_f6, bm_f7, bm_f9, bm_f10, bm_f11, bm_f12, bm_f13, bm_f14, bm_f15, bm_f16, bm_f17"

  @ui @QN-21
  Scenario: QN-flow: konkur پرسش‌ها را به ترتیب می‌پرسد و پس از kn_19 به آماده‌سازی نتیجه می‌رود
    Given سرور پرسشنامه‌ها در دسترس است
    When مشتری صفحه "/konkur/kn_1" را باز می‌کند
    And بازدیدکننده پرسشنامه "konkur" را گام به گام این‌گونه پاسخ می‌دهد:
      | مسیر          | پرسش  | نام                | پاسخ             |
      | /konkur/kn_1  | kn_1  | gender             | گزینه: MALE       |
      | /konkur/kn_2  | kn_2  | field              | گزینه: RIAZI      |
      | /konkur/kn_3  | kn_3  | goalRank           | فهرست: U_1000     |
      | /konkur/kn_4  | kn_4  | dailyStudy         | گزینه: 5_7        |
      | /konkur/kn_6  | kn_6  | diseases           | گزینه: NOTHING    |
      | /konkur/kn_7  | kn_7  | foodRestrictions   | گزینه: NOTHING    |
      | /konkur/kn_8  | kn_8  | digestion          | گزینه: NOTHING    |
      | /konkur/kn_9  | kn_9  | problems           | گزینه: NOTHING    |
      | /konkur/kn_10 | kn_10 | hate               | گزینه: NO         |
      | /konkur/kn_11 | kn_11 | sport              | گزینه: WALKING    |
      | /konkur/kn_12 | kn_12 | coffee             | گزینه: 1          |
      | /konkur/kn_13 | kn_13 | breakfast          | گزینه: 7_9        |
      | /konkur/kn_14 | kn_14 | lunch              | گزینه: 13_15      |
      | /konkur/kn_15 | kn_15 | dinner             | گزینه: 19_21      |
      | /konkur/kn_16 | kn_16 | mentalActivityTime | گزینه: 9_13       |
      | /konkur/kn_17 | kn_17 | place              | گزینه: HOME       |
      | /konkur/kn_18 | kn_18 | testExam           | گزینه: YES        |
      | /konkur/kn_19 | kn_19 | weightGoal         | گزینه: NOT_CARE   |
    Then مشتری به مسیر "/prepare-konkur-result" می‌رسد

  @ui @QN-19
  Scenario: QN-flow: psychology از ۱ تا ۲۲ پیش می‌رود، سپس آماده‌سازی نتیجه و نتیجه باز می‌شود
    Given سرور پرسشنامه‌ها در دسترس است
    When مشتری صفحه "/psychology/1" را باز می‌کند
    And بازدیدکننده پرسشنامه "psychology" را گام به گام این‌گونه پاسخ می‌دهد:
      | مسیر           | پرسش   | نام              | پاسخ                |
      | /psychology/1  | psy_1  | gender           | گزینه: FEMALE        |
      | /psychology/2  | psy_2  | age              | گزینه: 20_30         |
      | /psychology/3  | psy_3  | sleepRegularity  | گزینه: SOMETIMES     |
      | /psychology/4  | psy_4  | fatigue          | گزینه: SOMETIMES     |
      | /psychology/5  | psy_5  | procrastination  | گزینه: SOMETIMES     |
      | /psychology/6  | psy_6  | bingeEating      | گزینه: SOMETIMES     |
      | /psychology/7  | psy_7  | anorexia         | گزینه: SOMETIMES     |
      | /psychology/8  | psy_8  | partyOvereating  | گزینه: SOMETIMES     |
      | /psychology/9  | psy_9  | avoidance        | گزینه: SOMETIMES     |
      | /psychology/10 | psy_10 | insomnia         | گزینه: SOMETIMES     |
      | /psychology/11 | psy_11 | newStartStress   | گزینه: SOMETIMES     |
      | /psychology/12 | psy_12 | selfBlame        | گزینه: BLAME_WEIGHT  |
      | /psychology/13 | psy_13 | irritability     | گزینه: IRRITABLE_TIRED |
      | /psychology/14 | psy_14 | bodyImage        | گزینه: HIDE_BODY     |
      | /psychology/15 | psy_15 | eatingControl    | گزینه: EAT_SECRETLY  |
      | /psychology/16 | psy_16 | violence         | گزینه: NONE          |
      | /psychology/17 | psy_17 | personalDiseases | گزینه: NOTHING       |
      | /psychology/18 | psy_18 | familyDiseases   | گزینه: NOTHING       |
      | /psychology/19 | psy_19 | therapistVisits  | گزینه: NO            |
      | /psychology/20 | psy_20 | stressLevel      | اسلایدر              |
      | /psychology/21 | psy_21 | mealsPerDay      | عدد: 3               |
      | /psychology/22 | psy_22 | mainConcern      | متن: کنترل اشتها     |
    Then مشتری به مسیر "/prepare-psychology-result" می‌رسد
    And مشتری به مسیر "/psychology-result" می‌رسد

  @ui @QN-66
  Scenario: QN-flow: گام n پرسشنامه betterme پرسش bm2_n را می‌پرسد
    Given سرور پرسشنامه‌ها در دسترس است
    Then هر گام این پرسش را می‌پرسد:
      | مسیر         | پرسش   | نام              |
      | /betterme/1  | bm2_1  | gender           |
      | /betterme/2  | bm2_2  | goal             |
      | /betterme/3  | bm2_3  | age              |
      | /betterme/4  | bm2_4  | diseases         |
      | /betterme/5  | bm2_5  | foodRestrictions |
      | /betterme/6  | bm2_6  | recentProblems   |
      | /betterme/7  | bm2_7  | specialPeriod    |
      | /betterme/8  | bm2_8  | digestion        |
      | /betterme/9  | bm2_9  | sport            |
      | /betterme/10 | bm2_10 | water            |
      | /betterme/11 | bm2_11 | dailyRoutine     |
      | /betterme/12 | bm2_12 | currentWeight    |
      | /betterme/13 | bm2_13 | goalWeight       |
      | /betterme/14 | bm2_14 | pace             |
      | /betterme/15 | bm2_15 | consultation     |

  @ui @QN-07 @QN-10
  Scenario: QN-flow: گام‌های ۴، ۸ و ۱۵ betterme تعریف شده‌اند ولی هیچ گامی به آن‌ها نمی‌رسد؛ جنسیت پیش‌فرض خانم است
    Given سرور پرسشنامه‌ها در دسترس است
    When مشتری صفحه "/betterme/1" را باز می‌کند
    Then گزینه "FEMALE" از پیش انتخاب شده است و "MALE" نه
    When مشتری صفحه "/betterme/3" را باز می‌کند
    And بازدیدکننده گزینه "19_40" را انتخاب می‌کند
    Then مشتری به مسیر "/betterme/6" می‌رسد
    When مشتری صفحه "/betterme/7" را باز می‌کند
    And بازدیدکننده گزینه‌های "STUDY" را انتخاب می‌کند و ادامه می‌دهد
    Then مشتری به مسیر "/betterme/9" می‌رسد
    When مشتری صفحه "/betterme/14" را باز می‌کند
    And بازدیدکننده گزینه "FAST" را انتخاب می‌کند
    Then مشتری به مسیر "/prepare-betterme-result" می‌رسد
    When مشتری صفحه "/betterme/4" را باز می‌کند
    And بازدیدکننده گزینه‌های "NOTHING" را انتخاب می‌کند و ادامه می‌دهد
    Then مشتری به مسیر "/betterme/6" می‌رسد
    When مشتری صفحه "/betterme/8" را باز می‌کند
    And بازدیدکننده گزینه‌های "NOTHING" را انتخاب می‌کند و ادامه می‌دهد
    Then مشتری به مسیر "/betterme/9" می‌رسد
    When مشتری صفحه "/betterme/15" را باز می‌کند
    And بازدیدکننده گزینه "NO" را انتخاب می‌کند
    Then مشتری به مسیر "/prepare-betterme-result" می‌رسد

  @ui @QN-18
  Scenario: QN-flow: هدف وزن nowruz سه گزینه دارد و یادآوری می‌کند که رژیم فقط وزن را ثابت نگه می‌دارد
    Given سرور پرسشنامه‌ها در دسترس است
    When مشتری صفحه "/nowruz/11" را باز می‌کند
    Then گزینه‌های پیشنهادی دقیقا "NOT_CARE, BE_FAT, BE_THIN" است
    And بخش "quiz-warning" نوشته "رژیم نوروزی فقط وزن شما را ثابت نگه می‌دارد و طبع بدن را متعادل می‌کند." را دارد
    When بازدیدکننده پاسخ‌های "nowruz" را با '{"nrz_11": "BE_FAT"}' تا مرحله "11" می‌فرستد
    Then پاسخ‌ها پذیرفته می‌شوند
    When بازدیدکننده پاسخ‌های "nowruz" را با '{"nrz_11": "LOSE_WEIGHT"}' تا مرحله "11" می‌فرستد
    Then پاسخ‌ها با پیام "nrz_11: unknown option LOSE_WEIGHT" رد می‌شوند

  @ui @QN-01 @QN-35
  Scenario: QN-flow: گام انتخابی با خود پاسخ ثبت می‌شود و گام بعد ۵۰۰ میلی‌ثانیه بعد باز می‌شود؛ گام وزن دکمه می‌خواهد
    Given سرور پرسشنامه‌ها در دسترس است
    When مشتری صفحه "/betterme/1" را باز می‌کند و نوشته‌های "[data-testid=quiz-progress-text]" و مسیر با زمانشان ثبت می‌شوند
    Then گام "1" پرسشنامه با نوشته پیشرفت "۱ از ۱۱" دیده می‌شود
    And بخش "quiz-submit" دیده نمی‌شود
    When بازدیدکننده گزینه "MALE" را انتخاب می‌کند
    Then مسیر "/betterme/2" بین 500 و 505 میلی‌ثانیه پس از پاسخ باز می‌شود
    When مشتری صفحه "/betterme/12" را باز می‌کند
    And بازدیدکننده در پرسش عددی "80" می‌نویسد
    Then پس از 1500 میلی‌ثانیه صفحه هنوز در مسیر "/betterme/12" است
    When بازدیدکننده دکمه ادامه پرسشنامه را می‌زند
    Then مشتری به مسیر "/betterme/13" می‌رسد

  @ui @QN-38 @QN-40 @QN-47
  Scenario: QN-flow: نوار پیشرفت گام‌های انجام‌شده را می‌شمارد، ثبت دوباره گام را دوباره نمی‌شمارد و هر ثبت رویداد دارد
    Given سرور پرسشنامه‌ها در دسترس است
    When مشتری صفحه "/betterme/1" را باز می‌کند
    Then نوار پیشرفت 0 گام انجام‌شده از 11 را نشان می‌دهد
    When بازدیدکننده گزینه "FEMALE" را انتخاب می‌کند
    Then مشتری به مسیر "/betterme/2" می‌رسد
    And نوار پیشرفت 1 گام انجام‌شده از 11 را نشان می‌دهد
    When بازدیدکننده دکمه بازگشت پرسشنامه را می‌زند
    Then مشتری به مسیر "/betterme/1" می‌رسد
    When بازدیدکننده گزینه "FEMALE" را انتخاب می‌کند
    Then مشتری به مسیر "/betterme/2" می‌رسد
    And نوار پیشرفت 1 گام انجام‌شده از 11 را نشان می‌دهد
    When بازدیدکننده گزینه "REDUCE" را انتخاب می‌کند
    Then مشتری به مسیر "/betterme/3" می‌رسد
    And نوار پیشرفت 2 گام انجام‌شده از 11 را نشان می‌دهد
    And رویداد گام پرسشنامه با برچسب "betterme2/1" برای این جلسه ثبت شده است
    And رویداد گام پرسشنامه با برچسب "betterme2/2" برای این جلسه ثبت شده است
    And رویدادهای گام پرسشنامه این جلسه دقیقا 3 است

  @ui @QN-43
  Scenario: QN-flow: ارسال ناموفق پاسخ‌ها تا سه بار تکرار می‌شود و سومین تلاش پاسخ‌نامه را می‌سازد
    Given سرور پرسشنامه‌ها در دسترس است
    When مشتری صفحه "/betterme/1" را باز می‌کند
    And ارسال پاسخ‌ها 2 بار اول با وضعیت 503 شکست می‌خورد
    And بازدیدکننده گزینه "FEMALE" را انتخاب می‌کند
    Then پاسخ‌ها دقیقا 3 بار فرستاده شده‌اند
    And شناسه پاسخ‌نامه در حافظه است و پاسخ‌نامه "betterme2" مرحله "1" را دارد

  @ui @QN-43
  Scenario: QN-flow: پاسخ‌هایی که با وضعیت ۴۰۰ رد می‌شوند بیش از سه بار فرستاده نمی‌شوند
    Given سرور پرسشنامه‌ها در دسترس است
    When مشتری صفحه "/betterme/1" را باز می‌کند
    And ارسال پاسخ‌ها 10 بار اول با وضعیت 400 شکست می‌خورد
    And بازدیدکننده گزینه "FEMALE" را انتخاب می‌کند
    Then مشتری به مسیر "/betterme/2" می‌رسد
    And پاسخ‌ها دقیقا 3 بار فرستاده شده‌اند

  @ui @QN-34 @QN-37
  Scenario: QN-flow: پرسش پنهان‌شده پاک می‌شود و ابزارها حد خود را دارند
    Given سرور پرسشنامه‌ها در دسترس است
    When مشتری صفحه "/konkur/kn_10" را باز می‌کند
    And بازدیدکننده گزینه "YES" را انتخاب می‌کند
    And بازدیدکننده 120 نویسه در پرسش متنی می‌نویسد
    Then پرسش متنی 100 نویسه دارد
    When بازدیدکننده گزینه "NO" را انتخاب می‌کند
    Then بخش "quiz-textbox" دیده نمی‌شود
    When بازدیدکننده دکمه ادامه پرسشنامه را می‌زند
    Then مشتری به مسیر "/konkur/kn_11" می‌رسد
    And در حافظه جلسه پاسخ "kn_10_foods" برابر 'null' است
    And آخرین پاسخ‌نامه "konkur" مرحله "kn_10" و پاسخ‌های '[{"kn_10":"NO"},{"kn_10_foods":null}]' را دارد
    When مشتری صفحه "/bm_f12" را باز می‌کند
    And بازدیدکننده گزینه "Carbohydrate" را انتخاب می‌کند
    And بازدیدکننده گزینه "Protein" را انتخاب می‌کند
    And بازدیدکننده گزینه "Dairy" را انتخاب می‌کند
    Then گزینه "Lactose" غیرفعال است
    And بخش "tags-limit" نوشته "۳ از ۳" را دارد
    When مشتری صفحه "/bm_f14" را باز می‌کند
    Then خط‌کش از 90 تا 249 با 10 زیربخش در هر واحد است

  @QN-37
  Scenario: QN-flow: سرور متن بلندتر از ۱۰۰ نویسه و برچسب‌های بیش از حد را رد می‌کند
    Given سرور پرسشنامه‌ها در دسترس است
    When بازدیدکننده پاسخ "kn_10_foods" پرسشنامه "konkur" را با متنی 100 نویسه‌ای و '{"kn_10": "YES"}' تا مرحله "kn_10" می‌فرستد
    Then پاسخ‌ها پذیرفته می‌شوند
    When بازدیدکننده پاسخ "kn_10_foods" پرسشنامه "konkur" را با متنی 101 نویسه‌ای و '{"kn_10": "YES"}' تا مرحله "kn_10" می‌فرستد
    Then پاسخ‌ها با پیام "kn_10_foods: حداکثر 100 کاراکتر مجاز است" رد می‌شوند
    When بازدیدکننده پاسخ‌های "good-looking" را با '{"bm_f12": ["Carbohydrate", "Protein", "Dairy"]}' تا مرحله "bm_f12" می‌فرستد
    Then پاسخ‌ها پذیرفته می‌شوند
    When بازدیدکننده پاسخ‌های "good-looking" را با '{"bm_f12": ["Carbohydrate", "Protein", "Dairy", "Lactose"]}' تا مرحله "bm_f12" می‌فرستد
    Then پاسخ‌ها با پیام "bm_f12: لطفا یک یا چند گزینه را انتخاب کنید" رد می‌شوند

  @ui @QN-33
  Scenario: QN-flow: قاعده شکسته پیام خودش را می‌دهد و قاعده بی‌پیام «error»
    Given سرور پرسشنامه‌ها در دسترس است
    When مشتری صفحه "/psychology/21" را باز می‌کند
    And بازدیدکننده در پرسش عددی "11" می‌نویسد
    Then خطای پرسش "psy_21" "تعداد وعده‌ها باید بین ۱ تا ۱۰ باشد" است
    When بازدیدکننده پاسخ‌های "psychology" را با '{"psy_20": 11}' تا مرحله "20" می‌فرستد
    Then پاسخ‌ها با پیام "psy_20: error" رد می‌شوند
    When بازدیدکننده پاسخ‌های "psychology" را با '{"psy_21": 11}' تا مرحله "21" می‌فرستد
    Then پاسخ‌ها با پیام "psy_21: تعداد وعده‌ها باید بین ۱ تا ۱۰ باشد" رد می‌شوند

  @ui @QN-49
  Scenario: QN-flow: صفحه بارگذاری betterme چهار نوشته، یک گام خالی و «آماده است» را به‌موقع نشان می‌دهد
    Given سرور پرسشنامه‌ها در دسترس است
    And بازدیدکننده پیش‌تر این پاسخ‌ها را داده است: '{"bm2_1":"FEMALE","bm2_2":"REDUCE","bm2_3":"19_40","bm2_6":["STRESS"],"bm2_7":["STUDY"],"bm2_9":"WALKING","bm2_10":"_2","bm2_11":"WORK_MOSTLY","bm2_12":80,"bm2_13":70,"bm2_14":"FAST"}'
    When مشتری صفحه "/prepare-betterme-result" را باز می‌کند و نوشته‌های "[data-testid=betterme-loading-text]" و مسیر با زمانشان ثبت می‌شوند
    Then نوشته‌ها به این ترتیب و با این مدت‌ها نشان داده می‌شوند:
      | نوشته | مدت (ms) |
      | در حال بررسی پاسخ‌های شما | 1750 |
      | در حال محاسبه وزن ایده‌آل شما | 1750 |
      | در حال انتخاب رژیم مناسب شما | 1750 |
      | در حال آماده‌سازی برنامه شما | 1750 |
      |  | 1750 |
      | نتیجه شما آماده است! | 2000 |
      | مسیر /betterme-result | 0 |

  @ui @QN-51
  Scenario: QN-flow: صفحه بارگذاری تحلیل هفت پیام را هر ۱٫۲۵ ثانیه یکی نشان می‌دهد و سپس نتیجه را باز می‌کند
    Given سرور پرسشنامه‌ها در دسترس است
    And بازدیدکننده پیش‌تر این پاسخ‌ها را داده است: '{"bm_f1":"FEMALE","bm_f2":"LOSE_WEIGHT","bm_f3":"30Year","bm_f4":"Both","bm_f5":"Low_Metabolism","bm_f6":"None","bm_f7":"Housewife","bm_f9":"House","bm_f10":"7Hour","bm_f11":"Tea","bm_f12":["Dairy"],"bm_f13":"Effort","bm_f14":165,"bm_f15":72,"bm_f16":60,"bm_f17":"None"}'
    When مشتری صفحه "/prepare-result" را باز می‌کند و نوشته‌های "[data-testid=fading-list] li" و مسیر با زمانشان ثبت می‌شوند
    Then نوشته‌ها به این ترتیب و با این مدت‌ها نشان داده می‌شوند:
      | نوشته | مدت (ms) |
      | در حال تحلیل پاسخ‌های شما | 1250 |
      | در حال تخمین نیازهای شما | 1250 |
      | در حال اندازه‌گیری متابولیسم شما | 1250 |
      | در حال انتخاب بهترین برنامه غذایی | 1250 |
      | در حال ساختن برنامه شما | 1250 |
      | در حال مقایسه اطلاعات شما با دیگران | 1250 |
      | آماده است! | حداقل 1250 |
      | مسیر /result | 0 |

  @ui
  Scenario Outline: QN-flow: بازه <field> در بخش f1 فرم درخواست رژیم، در سرور و روی صفحه
    Given سرور پرسشنامه‌ها در دسترس است
    When بخش f1 فرم درخواست رژیم با "<field>" برابر "<min>" فرستاده می‌شود
    Then پاسخ‌ها پذیرفته می‌شوند
    When بخش f1 فرم درخواست رژیم با "<field>" برابر "<max>" فرستاده می‌شود
    Then پاسخ‌ها پذیرفته می‌شوند
    When بخش f1 فرم درخواست رژیم با "<field>" برابر "<below>" فرستاده می‌شود
    Then پاسخ‌ها با پیام "<field>: <message>" رد می‌شوند
    When بخش f1 فرم درخواست رژیم با "<field>" برابر "<above>" فرستاده می‌شود
    Then پاسخ‌ها با پیام "<field>: <message>" رد می‌شوند
    When مشتری صفحه "/form/f1" را باز می‌کند
    And بازدیدکننده در پرسش "<field>" مقدار "<below>" را می‌نویسد
    Then خطای پرسش "<field>" "<message>" است
    When بازدیدکننده در پرسش "<field>" مقدار "<min>" را می‌نویسد
    Then پرسش "<field>" خطایی ندارد
    When بازدیدکننده در پرسش "<field>" مقدار "<above>" را می‌نویسد
    Then خطای پرسش "<field>" "<message>" است
    When بازدیدکننده در پرسش "<field>" مقدار "<max>" را می‌نویسد
    Then پرسش "<field>" خطایی ندارد

    @QN-58
    Examples: وزن و قد
      | field | min | max | below | above | message |
      | weight | 2 | 200 | 1.99 | 200.01 | وزن باید بین 2 تا 200 کیلوگرم باشد |
      | stature | 90 | 240 | 89.99 | 240.01 | قد باید بین 90 تا 240 سانتی‌متر باشد |

    @QN-59
    Examples: مچ، شانه و سینه
      | field | min | max | below | above | message |
      | wrist | 10 | 24 | 9.99 | 24.01 | دور مچ باید بین 10 تا 24 سانتی‌متر باشد |
      | shoulders | 10 | 120 | 9.99 | 120.01 | عرض شانه باید بین 10 تا 120 سانتی‌متر باشد |
      | chest | 30 | 150 | 29.99 | 150.01 | دور سینه باید بین 30 تا 150 سانتی‌متر باشد |

    @QN-60
    Examples: کمر، باسن و ران
      | field | min | max | below | above | message |
      | abdominal | 20 | 200 | 19.99 | 200.01 | دور کمر باید بین 20 تا 200 سانتی‌متر باشد |
      | hip | 20 | 200 | 19.99 | 200.01 | دور باسن باید بین 20 تا 200 سانتی‌متر باشد |
      | thigh | 10 | 120 | 9.99 | 120.01 | دور ران باید بین 10 تا 120 سانتی‌متر باشد |

    @QN-61
    Examples: وزن و قد هنگام تولد
      | field | min | max | below | above | message |
      | birthWeight | 0.3 | 6 | 0.29 | 6.01 | وزن هنگام تولد باید بین 0.3 تا 6 کیلوگرم باشد |
      | birthStature | 10 | 70 | 9.99 | 70.01 | قد هنگام تولد باید بین 10 تا 70 سانتی‌متر باشد |

    @QN-62
    Examples: قد پدر و مادر
      | field | min | max | below | above | message |
      | fatherStature | 40 | 200 | 39.99 | 200.01 | قد پدر باید بین 40 تا 200 سانتی‌متر باشد |
      | motherStature | 40 | 200 | 39.99 | 200.01 | قد مادر باید بین 40 تا 200 سانتی‌متر باشد |

  @ui @QN-63
  Scenario: QN-flow: فرم درخواست رژیم پیام‌های عمومی فیلد الزامی، گزینه الزامی، چندگزینه الزامی و فقط عدد را دارد
    Given سرور پرسشنامه‌ها در دسترس است
    When مشتری صفحه "/form/f1" را باز می‌کند
    And بازدیدکننده در پرسش "weight" مقدار "هفتاد" را می‌نویسد
    Then خطای پرسش "weight" "فقط عدد وارد کنید" است
    When بازدیدکننده در پرسش "weight" مقدار "" را می‌نویسد
    Then خطای پرسش "weight" "پر کردن این فیلد الزامی است" است
    When بخش f1 فرم درخواست رژیم با "weight" برابر "" فرستاده می‌شود
    Then پاسخ‌ها با پیام "weight: پر کردن این فیلد الزامی است" رد می‌شوند
    When بخش f1 فرم درخواست رژیم با "weight" برابر "هفتاد" فرستاده می‌شود
    Then پاسخ‌ها با پیام "weight: فقط عدد وارد کنید" رد می‌شوند
    When بخش f1 فرم درخواست رژیم با "gender" برابر "" فرستاده می‌شود
    Then پاسخ‌ها با پیام "gender: لطفا یک گزینه را انتخاب کنید" رد می‌شوند
    When بازدیدکننده پاسخ‌های "diet-request" را با '{"discomforts": []}' تا مرحله "f3" می‌فرستد
    Then پاسخ‌ها با پیام "discomforts: لطفا یک یا چند گزینه را انتخاب کنید" رد می‌شوند
