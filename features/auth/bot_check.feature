@ui
Feature: توکن ضدربات در بدنه درخواست‌ها
  Every JSON or form POST the web app sends to the BFF carries `botCheckToken` (spec 1 §7; docs/decisions.md
  "Bot check"): the token of the page's bot-check script (reCAPTCHA v3's `grecaptcha.execute`), or an empty one
  when the page has no script or the script does not answer in time; the request goes out either way.

  @AU-47
  Scenario: بدون اسکریپت ضدربات توکن خالی فرستاده می‌شود و مشتری جدید با کد پیامک ثبت‌نام می‌کند
    Given فروشگاه کاتالوگ نمایشی را دارد
    When مشتری صفحه "/enter" را باز می‌کند
    And درخواست‌های صفحه با بدنه در حافظه جلسه ثبت می‌شوند
    Then صفحه اسکریپت ضدربات ندارد
    When مشتری شماره "09121234567" را وارد می‌کند
    And مشتری دکمه ادامه را می‌زند
    And مشتری کد پیامک‌شده به "09121234567" را وارد می‌کند
    And مشتری دکمه ادامه را می‌زند
    Then مشتری وارد شده است
    And این درخواست‌ها توکن ضدربات خالی فرستاده‌اند:
      | /auth/check-mobile  |
      | /auth/verify-mobile |
      | /auth/register      |

  @AU-47
  Scenario: با اسکریپت ضدربات توکن آن در بدنه درخواست‌های ورود فرستاده می‌شود
    Given مشتری با شماره "09121234567" ثبت‌نام کرده است
    When مشتری صفحه "/enter" را باز می‌کند
    And درخواست‌های صفحه با بدنه در حافظه جلسه ثبت می‌شوند
    And صفحه اسکریپت ضدرباتی دارد که توکن "tok-123" می‌دهد
    And مشتری شماره "09121234567" را وارد می‌کند
    And مشتری دکمه ادامه را می‌زند
    And مشتری کد پیامک‌شده به "09121234567" را وارد می‌کند
    And مشتری دکمه ادامه را می‌زند
    Then مشتری وارد شده است
    And این درخواست‌ها توکن ضدربات "tok-123" فرستاده‌اند:
      | /auth/check-mobile |
      | /auth/otp          |
      | /auth/login        |

  @AU-47
  Scenario: اسکریپت ضدرباتی که پاسخ نمی‌دهد درخواست را نگه نمی‌دارد و توکن خالی می‌رود
    Given فروشگاه کاتالوگ نمایشی را دارد
    When مشتری صفحه "/enter" را باز می‌کند
    And درخواست‌های صفحه با بدنه در حافظه جلسه ثبت می‌شوند
    And صفحه اسکریپت ضدرباتی دارد که هرگز پاسخ نمی‌دهد
    And مشتری شماره "09121234567" را وارد می‌کند
    And مشتری دکمه ادامه را می‌زند
    Then پنجره ورود در مرحله REGISTER_MOBILE است
    And این درخواست‌ها توکن ضدربات خالی فرستاده‌اند:
      | /auth/check-mobile  |
      | /auth/verify-mobile |
