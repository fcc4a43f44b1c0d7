Feature: سن در بخش f1 فرم درخواست رژیم
  The detailed diet-request form asks the age right after gender; the generic renderer's age validator accepts 15 to
  70 whole years, typed in Latin or Persian digits, and the BFF checks the same rule again, both on the section's
  answers and on the medical profile (spec 3 §3, §5). Every scenario name carries "سن-رژیم".

  @ui @QN-31
  Scenario: سن-رژیم: سن ۱۴ با پیام بازه رد می‌شود، سن ۷۰ با رقم فارسی پذیرفته می‌شود و فرم به f2 می‌رود
    Given سرور پرسشنامه‌ها در دسترس است
    And در حافظه جلسه "diet_request_answers" برابر '{"gender":"FEMALE","weight":70,"stature":165,"wrist":15,"shoulders":40,"chest":90,"abdominal":80,"hip":100,"thigh":55,"birthWeight":3.2,"birthStature":50,"fatherStature":175,"motherStature":160}' است
    When مشتری صفحه "/form/f1" را باز می‌کند
    And بازدیدکننده در پرسش "age" مقدار "۱۴" را می‌نویسد
    Then خطای پرسش "age" "سن باید بین 15 تا 70 سال باشد" است
    When بازدیدکننده در پرسش "age" مقدار "۷۰" را می‌نویسد
    Then پرسش "age" خطایی ندارد
    When بازدیدکننده دکمه ادامه پرسشنامه را می‌زند
    Then مشتری به مسیر "/form/f2" می‌رسد
    And پاسخ‌های فرم درخواست رژیم در حافظه جلسه مانده است: '{"age":70}'
    And آخرین پاسخ‌نامه "diet-request" مرحله "f1" را با سن 70 دارد

  @QN-31
  Scenario: سن-رژیم: سرور پاسخ‌های f1 با سن 71 را رد می‌کند و سن «۱۵» را می‌پذیرد
    Given سرور پرسشنامه‌ها در دسترس است
    When بخش f1 فرم درخواست رژیم با "age" برابر "71" فرستاده می‌شود
    Then پاسخ‌ها با پیام "age: سن باید بین 15 تا 70 سال باشد" رد می‌شوند
    When بخش f1 فرم درخواست رژیم با "age" برابر "14" فرستاده می‌شود
    Then پاسخ‌ها با پیام "age: سن باید بین 15 تا 70 سال باشد" رد می‌شوند
    When بخش f1 فرم درخواست رژیم با "age" برابر "۱۵" فرستاده می‌شود
    Then پاسخ‌ها پذیرفته می‌شوند
    When بخش f1 فرم درخواست رژیم با "age" برابر "70" فرستاده می‌شود
    Then پاسخ‌ها پذیرفته می‌شوند

  @QN-31 @in-process
  Scenario: سن-رژیم: پرونده پزشکی با سن 71 رد می‌شود و با سن «۱۵» به عدد 15 ذخیره می‌شود
    Given مشتری "09121234567" دوره "101" را خریده است
    When مشتری "09121234567" پرونده پزشکی گفتگوی "7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f" را با سن "71" می‌فرستد
    Then پرونده پزشکی با کد "INVALID_PROFILE" و پیام "age: سن باید بین 15 تا 70 سال باشد" رد می‌شود
    When مشتری "09121234567" پرونده پزشکی گفتگوی "7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f" را با سن "۱۵" می‌فرستد
    Then پرونده پزشکی گفتگوی "7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f" با سن 15 در گروه general ذخیره شده است
