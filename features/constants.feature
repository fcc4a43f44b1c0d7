Feature: ثابت‌های کسب‌وکار
  Constants of the rules table (CT) that a customer meets directly: the country table of the sign-in form and the
  header colour (spec 1 §3, §9). Every scenario name carries "ثابت-".

  @CT-06
  Scenario: ثابت- جدول کشورها حدود ۲۴۰ ردیف دارد، ایران ۱ و ترکیه ۲۲۰ است
    Given سرور پرسشنامه‌ها در دسترس است
    When بازدیدکننده آدرس "/lemonade/api/countries" را از API می‌خواهد
    Then فهرست کشورها بین 230 و 260 ردیف دارد و طول شماره هر ردیف بین ۱ و ۲۰ است
    And کشور 1 با نام "ایران" پیش‌شماره "98"، کمینه 6 و بیشینه 10 دارد
    And کشور 220 با نام "ترکیه" پیش‌شماره "90"، کمینه 10 و بیشینه 10 دارد

  @ui @CT-03
  Scenario: ثابت- رنگ پیش‌فرض نوار بالا FFD60A است
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/select-package-c" را باز می‌کند
    Then پس‌زمینه نوار بالا "rgb(255, 214, 10)" است
