Feature: کد ثبت‌نام ایمیلی هیچ حسابی را به دست دیگری نمی‌دهد
  A registration code goes to an e-mail address the caller chooses, so it proves the address, not the number. It is
  sent only for a new number of a country served by e-mail: for a registered number it would hand the account to
  whoever asked, and for an Iranian number it would let anyone claim a number that proves itself by SMS. No rule names
  this; it is the shop's own guarantee.

  @in-process
  Scenario: برای شماره‌ای که ثبت شده کد ثبت‌نام به ایمیل دیگری فرستاده نمی‌شود
    Given مشتری ترکیه با شماره "5321234567" و ایمیل "ayse@example.com" با ایمیل ثبت‌نام کرده است
    When اسکریپتی برای شماره "5321234567" کشور 220 کد ثبت‌نام به ایمیل "me@attacker.example" می‌خواهد
    Then پاسخ خطای 400 با کد "400" است
    And هیچ ایمیلی به "me@attacker.example" فرستاده نشده است

  @in-process
  Scenario: برای شماره ایرانی که کدش با پیامک می‌رود کد ثبت‌نام ایمیلی فرستاده نمی‌شود
    When اسکریپتی برای شماره "09351234567" کشور 1 کد ثبت‌نام به ایمیل "me@attacker.example" می‌خواهد
    Then پاسخ خطای 400 با کد "400" است
    And هیچ ایمیلی به "me@attacker.example" فرستاده نشده است
