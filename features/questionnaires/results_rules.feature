Feature: قواعد نتیجه betterme، تلاش دوباره لندینگ بدن ایده‌آل و ارسال ناموفق پاسخ‌ها
  رژیم مناسب و افراد مشابه از پاسخ‌ها، دکمه دریافت برنامه غذایی، سه بار تلاش تماس‌های بدن ایده‌آل و خطای
  NOT_200_ERRORS ارسال پاسخ‌ها (بخش ۲، ۴، ۷ و ۸ سند ۳). هر ردیف پاسخ‌های نمونه 4P قاعده RS-10
  (FEMALE، REDUCE، 19_40، ۸۰ به ۷۰ کیلو، FAST) است با یک تغییر.

  @ui
  Scenario Outline: رژیم مناسب و افراد مشابه betterme از یک تغییر در پاسخ‌های 4P — i4s3
    Given سرور پرسشنامه‌ها در دسترس است
    And بازدیدکننده پیش‌تر این پاسخ‌ها را داده است: '{"bm2_1":"FEMALE","bm2_2":"<goal>","bm2_3":"<age>","bm2_4":<diseases>,"bm2_6":["STRESS"],"bm2_7":<period>,"bm2_8":<digestion>,"bm2_9":"WALKING","bm2_10":"_2","bm2_11":"WORK_MOSTLY","bm2_12":<current>,"bm2_13":<target>,"bm2_14":"FAST"}'
    When مشتری صفحه "/betterme-result" را از نو باز می‌کند
    Then رژیم مناسب "<diet>" با <days> روز تا وزن هدف و وضعیت "NORMAL" است
    And بخش "similar-people" نوشته "<similar>" را دارد

    @RS-02
    Examples: هدف افزایش وزن
      | goal       | age   | diseases | period    | digestion | current | target      | diet | days | similar |
      | GAINWEIGHT | 19_40 | []       | ["STUDY"] | []        | 80      | 70          | MEZO | 100  | ۱۳۳٬۷۰۱ |

    @RS-04 @RS-17
    Examples: بالای ۶۵ سال
      | goal   | age    | diseases | period    | digestion | current | target      | diet | days | similar |
      | REDUCE | OVER65 | []       | ["STUDY"] | []        | 80      | 70          | MEZO | 100  | ۱۰۱٬۴۷۸ |

    @RS-16
    Examples: ۴۱ تا ۶۵ سال
      | goal   | age   | diseases | period    | digestion | current | target      | diet | days | similar |
      | REDUCE | 41_65 | []       | ["STUDY"] | []        | 80      | 70          | 4P   | 100  | ۱۰۴٬۵۵۲ |

    @RS-05
    Examples: بیماری‌های رژیم مزو در bm2_4، و بیماری دیگری که نیست
      | goal   | age   | diseases                | period    | digestion | current | target      | diet | days | similar |
      | REDUCE | 19_40 | ["CRATENINE"]           | ["STUDY"] | []        | 80      | 70          | MEZO | 100  | ۱۳۳٬۷۰۱ |
      | REDUCE | 19_40 | ["URICACID"]            | ["STUDY"] | []        | 80      | 70          | MEZO | 100  | ۱۳۳٬۷۰۱ |
      | REDUCE | 19_40 | ["GALLSTONES"]          | ["STUDY"] | []        | 80      | 70          | MEZO | 100  | ۱۳۳٬۷۰۱ |
      | REDUCE | 19_40 | ["DIABET","KIDNEY"]     | ["STUDY"] | []        | 80      | 70          | MEZO | 100  | ۱۳۳٬۷۰۱ |
      | REDUCE | 19_40 | ["MS"]                  | ["STUDY"] | []        | 80      | 70          | MEZO | 100  | ۱۳۳٬۷۰۱ |
      | REDUCE | 19_40 | ["CANCER"]              | ["STUDY"] | []        | 80      | 70          | MEZO | 100  | ۱۳۳٬۷۰۱ |
      | REDUCE | 19_40 | ["DIABET"]              | ["STUDY"] | []        | 80      | 70          | 4P   | 100  | ۱۳۳٬۷۰۱ |

    @RS-06
    Examples: بارداری در bm2_7 مزو می‌دهد، شیردهی به‌تنهایی نه
      | goal   | age   | diseases | period                          | digestion | current | target      | diet | days | similar |
      | REDUCE | 19_40 | []       | ["PREGNANCY"]                   | []        | 80      | 70          | MEZO | 100  | ۱۳۳٬۷۰۱ |
      | REDUCE | 19_40 | []       | ["PREGNANCY","BREAST_FEEDING"]  | []        | 80      | 70          | MEZO | 100  | ۱۳۳٬۷۰۱ |
      | REDUCE | 19_40 | []       | ["BREAST_FEEDING"]              | []        | 80      | 70          | 4P   | 100  | ۱۳۳٬۷۰۱ |

    @RS-07
    Examples: مشکلات گوارشی رژیم مزو در bm2_8
      | goal   | age   | diseases | period    | digestion         | current | target      | diet | days | similar |
      | REDUCE | 19_40 | []       | ["STUDY"] | ["NAFKH"]         | 80      | 70          | MEZO | 100  | ۱۳۳٬۷۰۱ |
      | REDUCE | 19_40 | []       | ["STUDY"] | ["ESHAL"]         | 80      | 70          | MEZO | 100  | ۱۳۳٬۷۰۱ |
      | REDUCE | 19_40 | []       | ["STUDY"] | ["YOBUSAT"]       | 80      | 70          | MEZO | 100  | ۱۳۳٬۷۰۱ |
      | REDUCE | 19_40 | []       | ["STUDY"] | ["ZAKHM_MEDE"]    | 80      | 70          | MEZO | 100  | ۱۳۳٬۷۰۱ |
      | REDUCE | 19_40 | []       | ["STUDY"] | ["REFLAX_MEDE"]   | 80      | 70          | MEZO | 100  | ۱۳۳٬۷۰۱ |
      | REDUCE | 19_40 | []       | ["STUDY"] | ["DARD_MEDE"]     | 80      | 70          | MEZO | 100  | ۱۳۳٬۷۰۱ |

    @RS-08
    Examples: وزن فعلی کمتر از وزن هدف
      | goal   | age   | diseases | period    | digestion | current | target      | diet | days | similar |
      | REDUCE | 19_40 | []       | ["STUDY"] | []        | 60      | 65          | MEZO | 50   | ۱۳۳٬۷۰۱ |
      | REDUCE | 19_40 | []       | ["STUDY"] | []        | 65      | 65          | 4P   | 0    | ۱۳۳٬۷۰۱ |

  # Only the weight lost changes: 10 days per kg, so each band is met on its edges (4 and 8 months of 30 days).
  @ui @RS-12
  Scenario Outline: وضعیت وزن فعلی betterme از تخمین ماه‌ها: زیر ۴ ماه NORMAL، ۴ تا زیر ۸ ماه FAT و از ۸ ماه OBESE — <days> روز
    Given سرور پرسشنامه‌ها در دسترس است
    And بازدیدکننده پیش‌تر این پاسخ‌ها را داده است: '{"bm2_1":"FEMALE","bm2_2":"REDUCE","bm2_3":"19_40","bm2_6":["STRESS"],"bm2_7":["STUDY"],"bm2_9":"WALKING","bm2_10":"_2","bm2_11":"WORK_MOSTLY","bm2_12":<current>,"bm2_13":70,"bm2_14":"FAST"}'
    When مشتری صفحه "/betterme-result" را از نو باز می‌کند
    Then رژیم مناسب "4P" با <days> روز تا وزن هدف و وضعیت "<state>" است

    Examples:
      | current | days | state  |
      | 81      | 110  | NORMAL |
      | 82      | 120  | FAT    |
      | 93      | 230  | FAT    |
      | 94      | 240  | OBESE  |

  # Each row changes one answer of the 4P sample alone, so a rule that is ignored leaves the diet at 4P.
  @ui
  Scenario Outline: سن زیر ۱۸ و سرعت آرام هر کدام به‌تنهایی رژیم مزو می‌دهند — i4s3
    Given سرور پرسشنامه‌ها در دسترس است
    And بازدیدکننده پیش‌تر این پاسخ‌ها را داده است: '{"bm2_1":"FEMALE","bm2_2":"REDUCE","bm2_3":"<age>","bm2_6":["STRESS"],"bm2_7":["STUDY"],"bm2_9":"WALKING","bm2_10":"_2","bm2_11":"WORK_MOSTLY","bm2_12":80,"bm2_13":70,"bm2_14":"<pace>"}'
    When مشتری صفحه "/betterme-result" را از نو باز می‌کند
    Then رژیم مناسب "<diet>" با 100 روز تا وزن هدف و وضعیت "NORMAL" است
    And بخش "similar-people" نوشته "<similar>" را دارد

    @RS-03 @RS-14
    Examples: زیر ۱۸ سال با سرعت سریع
      | age     | pace | diet | similar |
      | UNDER18 | FAST | MEZO | ۱۰۹٬۷۴۳ |

    @RS-09
    Examples: سرعت آرام با سن ۱۹ تا ۴۰
      | age   | pace | diet | similar |
      | 19_40 | SLOW | MEZO | ۱۳۳٬۷۰۱ |

  @ui @RS-19
  Scenario: دکمه دریافت برنامه غذایی مشتری واردشده را به مقصد betterMeDestination می‌برد — i4s3
    Given مشتری با شماره "09121234567" وارد شده است
    And بازدیدکننده پیش‌تر این پاسخ‌ها را داده است: '{"bm2_1":"FEMALE","bm2_2":"REDUCE","bm2_3":"19_40","bm2_6":["STRESS"],"bm2_7":["STUDY"],"bm2_9":"WALKING","bm2_10":"_2","bm2_11":"WORK_MOSTLY","bm2_12":80,"bm2_13":70,"bm2_14":"FAST"}'
    And در حافظه جلسه "betterMeDestination" برابر "/diets" است
    When مشتری صفحه "/betterme-result" را از نو باز می‌کند
    And بازدیدکننده دکمه "meal-plan-button" را می‌زند
    Then مشتری به مسیر "/diets" می‌رسد

  # Without betterMeDestination the button opens /select-package (the product's default, DECISIONS), which for the DIET
  # tag and default page F lands on the wizard's first page.
  @ui @RS-19
  Scenario: بدون betterMeDestination دکمه دریافت برنامه غذایی به انتخاب بسته می‌رود — i4s3
    Given مشتری با شماره "09121234567" وارد شده است
    And بازدیدکننده پیش‌تر این پاسخ‌ها را داده است: '{"bm2_1":"FEMALE","bm2_2":"REDUCE","bm2_3":"19_40","bm2_6":["STRESS"],"bm2_7":["STUDY"],"bm2_9":"WALKING","bm2_10":"_2","bm2_11":"WORK_MOSTLY","bm2_12":80,"bm2_13":70,"bm2_14":"FAST"}'
    When مشتری صفحه "/betterme-result" را از نو باز می‌کند
    And بازدیدکننده دکمه "meal-plan-button" را می‌زند
    Then مشتری به مسیر "/select-package-f/1" می‌رسد

  @ui @RS-30
  Scenario: ثبت‌نام بدن ایده‌آل پس از دو شکست شبکه در تلاش سوم به نتیجه می‌رسد — i4s3
    Given سرور پرسشنامه‌ها در دسترس است
    And بازدیدکننده پیش‌تر این پاسخ‌ها را داده است: '{"bm_f1":"FEMALE","bm_f2":"LOSE_WEIGHT","bm_f3":"30Year","bm_f4":"Both","bm_f5":"Low_Metabolism","bm_f6":"None","bm_f7":"Housewife","bm_f9":"House","bm_f10":"7Hour","bm_f11":"Tea","bm_f12":["Dairy"],"bm_f13":"Effort","bm_f14":165,"bm_f15":72,"bm_f16":60,"bm_f17":"None"}'
    And نخستین 2 درخواست "/landing/perfectbody/registrationt2" بدون پاسخ از سرور شکست می‌خورد
    When بازدیدکننده درون برنامه به صفحه "/result" می‌رود
    Then بخش "good-looking-result" نوشته "اندام گلابی" را دارد
    And برنامه 3 بار درخواست "/landing/perfectbody/registrationt2" را فرستاده است
    And شناسه معرفی بدن ایده‌آل در حافظه جلسه است

  @ui @RS-30
  Scenario: تماس نتیجه بدن ایده‌آل بیش از سه بار تلاش نمی‌شود و خطا نشان داده می‌شود — i4s3
    Given سرور پرسشنامه‌ها در دسترس است
    And بازدیدکننده پیش‌تر این پاسخ‌ها را داده است: '{"bm_f1":"FEMALE","bm_f2":"LOSE_WEIGHT","bm_f3":"30Year","bm_f4":"Both","bm_f5":"Low_Metabolism","bm_f6":"None","bm_f7":"Housewife","bm_f9":"House","bm_f10":"7Hour","bm_f11":"Tea","bm_f12":["Dairy"],"bm_f13":"Effort","bm_f14":165,"bm_f15":72,"bm_f16":60,"bm_f17":"None"}'
    And نخستین 5 درخواست "/landing/perfectbody/resultt2" بدون پاسخ از سرور شکست می‌خورد
    When بازدیدکننده درون برنامه به صفحه "/result" می‌رود
    Then بخش "perfect-body-error" دیده می‌شود
    And برنامه 3 بار درخواست "/landing/perfectbody/resultt2" را فرستاده است

  # The stored bm2_12 of 250 kg is outside 15…249.99: the BFF refuses the whole answer set with 400.
  @ui @ER-51
  Scenario: پاسخ‌هایی که سرور با وضعیت ۴۰۰ رد می‌کند با NOT_200_ERRORS و پیام سرور رد می‌شوند — i4s3
    Given سرور پرسشنامه‌ها در دسترس است
    And بازدیدکننده پیش‌تر این پاسخ‌ها را داده است: '{"bm2_1":"FEMALE","bm2_2":"REDUCE","bm2_3":"19_40","bm2_6":["STRESS"],"bm2_7":["STUDY"],"bm2_9":"WALKING","bm2_10":"_2","bm2_11":"WORK_MOSTLY","bm2_12":250}'
    When مشتری صفحه "/betterme/13" را باز می‌کند
    And بازدیدکننده در پرسش عددی "70" می‌نویسد
    And بازدیدکننده دکمه ادامه پرسشنامه را می‌زند
    Then ارسال پاسخ‌ها در وضعیت "rejected" با کد "NOT_200_ERRORS" است
    And بخش "send-status" نوشته "bm2_12: وزن باید بین 15 تا 250 کیلوگرم باشد" را دارد

  # The closed database makes the BFF answer the send with a 5xx.
  @ui @ER-51
  Scenario: پاسخ‌هایی که سرور با خطای ۵۰۰ پاسخ می‌دهد پس از سه تلاش با NOT_200_ERRORS برای ارسال دوباره نگه داشته می‌شوند — i4s3
    Given سرور پرسشنامه‌ها در دسترس است
    And پایگاه داده فروشگاه در دسترس نیست
    When مشتری صفحه "/betterme/1" را باز می‌کند
    And بازدیدکننده گزینه "FEMALE" را انتخاب می‌کند
    Then ارسال پاسخ‌ها در وضعیت "kept" با کد "NOT_200_ERRORS" است

  @ui @ER-51
  Scenario: ارسال پاسخ‌ها بدون پاسخ شبکه پس از سه تلاش با NOT_200_ERRORS نگه داشته می‌شود — i4s3
    Given سرور پرسشنامه‌ها در دسترس است
    And نخستین 5 درخواست "/lemonade/api/formAnswers" بدون پاسخ از سرور شکست می‌خورد
    When بازدیدکننده درون برنامه به صفحه "/betterme/1" می‌رود
    And بازدیدکننده گزینه "FEMALE" را انتخاب می‌کند
    Then ارسال پاسخ‌ها در وضعیت "kept" با کد "NOT_200_ERRORS" است
    And برنامه 3 بار درخواست "/lemonade/api/formAnswers" را فرستاده است
