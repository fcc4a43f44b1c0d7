Feature: فراخوان‌های قدیمی ورود
  The deprecated /app/auth and /api/auth aliases answer with the older `{status, msg}` envelope
  and the older signup store's error codes (spec 1 §7, §8).

  Background:
    Given فروشگاه کاتالوگ نمایشی را دارد

  @ER-07
  Scenario: شماره نادرست در فراخوان قدیمی خطای INVALID_MOBILE می‌گیرد
    When برنامه قدیمی برای شماره "912345678" با فراخوان sendotp کد می‌خواهد
    Then پاسخ قدیمی خطای 400 با کد "INVALID_MOBILE" است

  @ER-08
  Scenario: شکست ارسال پیامک در فراخوان قدیمی خطای OTP_FAIL می‌گیرد
    When برنامه قدیمی برای شماره "09120000500" با فراخوان sendotp کد می‌خواهد
    Then پاسخ قدیمی خطای 502 با کد "OTP_FAIL" است

  @ER-09 @in-process
  Scenario: در عمل، کد نادرست در فراخوان قدیمی ثبت‌نام خطای INVALID_OTP می‌گیرد
    When برنامه قدیمی برای شماره "09121234567" با فراخوان sendotp کد می‌خواهد
    And برنامه قدیمی برای شماره "09121234567" با فراخوان loginorregister و کدی جز کد پیامک‌شده ثبت‌نام می‌کند
    Then پاسخ قدیمی خطای 400 با کد "INVALID_OTP" است
    And مشتری با شماره "09121234567" ثبت نشده است

  @ER-10 @in-process
  Scenario: در عمل، وقتی افزودن مشتری شکست می‌خورد فراخوان قدیمی خطای UNSECCESFULL_ADD_PERSONAL_INFO می‌گیرد
    Given فروشگاه مشتری تازه را نمی‌تواند ذخیره کند
    When برنامه قدیمی برای شماره "09121234567" با فراخوان sendotp کد می‌خواهد
    And برنامه قدیمی برای شماره "09121234567" با فراخوان loginorregister و کد پیامک‌شده ثبت‌نام می‌کند
    Then پاسخ قدیمی خطای 500 با کد "UNSECCESFULL_ADD_PERSONAL_INFO" است
    And مشتری با شماره "09121234567" ثبت نشده است
