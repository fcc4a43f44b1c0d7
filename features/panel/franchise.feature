Feature: طرح معرفی (فرانچایز) و خلاصه امتیازها
  Franchise members are marked by the team (`bff franchise grant`, here the same service function); a customer who
  signs up with a member's referral code (check-mobile's `referral`) becomes the member's invitation. Franchise points
  are 10 per paid diet order of an invitee, leaderboard points add 1 per sign-up (README "Franchise"). The franchise
  calls answer NOT_FRANCHIZER to everyone else (spec 3 §4 "Franchise", §8); every one of them, and the points summary,
  needs a signed-in customer (spec 1 §6). Every scenario name starts with "فرانچایز".

  @DS-28
  Scenario: فرانچایز: امتیازهای فرانچایز عضو بارگذاری می‌شود
    Given تیم لیمو مشتری "09121110001" را عضو فرانچایز کرده است
    And مشتری "09351234567" با کد معرف مشتری "09121110001" ثبت‌نام کرده است
    And مشتری "09351234567" دوره "101" را خریده است
    When مشتری "09121110001" فراخوان "/franchise/summary" را می‌خواند
    Then امتیاز فرانچایز 10 و امتیاز جدول 11 با 1 دعوت‌شده بارگذاری شده است

  @ER-54
  Scenario Outline: فرانچایز: مشتری‌ای که عضو نیست از <call> خطای NOT_FRANCHIZER می‌گیرد
    Given تیم لیمو مشتری "09121110001" را عضو فرانچایز کرده است
    And تیم لیمو عضویت فرانچایز مشتری "09121110001" را پایان داده است
    And مشتری با شماره "09121110002" ثبت‌نام کرده است
    When مشتری "<who>" فراخوان "<call>" را می‌خواند
    Then پاسخ خطای 403 با کد "NOT_FRANCHIZER" و پیام "شما عضو طرح معرفی (فرانچایز) لیمو نیستید." است

    Examples:
      | who         | call                    |
      | 09121110002 | /franchise/summary      |
      | 09121110002 | /franchise/leaderboard  |
      | 09121110002 | /franchise/invite-lists |
      | 09121110001 | /franchise/summary      |

  @DS-29
  Scenario: فرانچایز: فهرست دعوت‌شدگان شماره پوشیده، وضعیت رژیم و روزهای باقی‌مانده را دارد
    Given تیم لیمو مشتری "09121110001" را عضو فرانچایز کرده است
    And مشتری "09351234567" با کد معرف مشتری "09121110001" ثبت‌نام کرده است
    And مشتری "09351234567" دوره "101" را خریده است
    And مشتری "09351234567" رژیم بسته خریده‌شده‌اش را با پرونده پزشکی درخواست کرده است
    And متخصصان رژیم سفارش "101" مشتری "09351234567" را نوشته‌اند و 27 روز از آغاز آن گذشته است
    When مشتری "09121110001" فراخوان "/franchise/invite-lists" را می‌خواند
    Then دعوت‌شده "0935*****67" با وضعیت رژیم "ACTIVE" و 3 روز باقی‌مانده فهرست شده است

  @DS-29
  Scenario: فرانچایز: جدول برترین‌ها شماره‌ها را پوشیده و رتبه خواننده را نشان می‌دهد
    Given تیم لیمو مشتری "09121110001" را عضو فرانچایز کرده است
    And تیم لیمو مشتری "09121110002" را عضو فرانچایز کرده است
    And مشتری "09351234567" با کد معرف مشتری "09121110001" ثبت‌نام کرده است
    When مشتری "09121110002" فراخوان "/franchise/leaderboard" را می‌خواند
    Then جدول برترین‌ها "0912*****01" را با رتبه 1 نشان می‌دهد و رتبه خواننده 2 است

  @DS-29
  Scenario: فرانچایز: خلاصه امتیاز مشتری وارد شده بارگذاری می‌شود
    Given مشتری "09121234567" 250 امتیاز هدیه گرفته است
    When مشتری "09121234567" فراخوان "/app/points/summary" را می‌خواند
    Then خلاصه امتیاز 250 امتیاز قابل استفاده نشان می‌دهد

  @DS-29
  Scenario Outline: فرانچایز: <call> بدون ورود داده‌ای نمی‌دهد
    When بازدیدکننده بدون توکن فراخوان "<call>" را می‌خواند
    Then پاسخ خطای 401 با کد "401" است

    Examples:
      | call                    |
      | /franchise/summary      |
      | /franchise/leaderboard  |
      | /franchise/invite-lists |
      | /app/points/summary     |

  @ui @DS-28
  Scenario: فرانچایز: عضو فرانچایز خلاصه، جدول برترین‌ها و دعوت‌شدگانش را می‌بیند
    Given تیم لیمو مشتری "09121110001" را عضو فرانچایز کرده است
    And مشتری "09351234567" با کد معرف مشتری "09121110001" ثبت‌نام کرده است
    And مشتری با شماره "09121110001" وارد شده است
    When مشتری صفحه "/franchise" را باز می‌کند
    Then بخش "franchise-summary" دیده می‌شود
    And بخش "leaderboard" نوشته "۰۹۱۲*****۰۱" را دارد
    And بخش "invitations" نوشته "۰۹۳۵*****۶۷" را دارد
    And بخش "not-franchizer" دیده نمی‌شود

  @ui @ER-54
  Scenario: فرانچایز: مشتری‌ای که عضو نیست پیام دوستانه عضو نبودن را می‌بیند، نه خطا
    Given مشتری "09121234567" 250 امتیاز هدیه گرفته است
    And مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/franchise" را باز می‌کند
    Then بخش "not-franchizer" نوشته "هنوز عضو طرح معرفی" را دارد
    And بخش "points-summary" نوشته "۲۵۰" را دارد
    And بخش "franchise-summary" دیده نمی‌شود

  @ui @DS-29
  Scenario: فرانچایز: بازدیدکننده‌ای که وارد نشده برای صفحه فرانچایز به ورود فرستاده می‌شود
    Given فروشگاه کاتالوگ نمایشی را دارد
    When مشتری صفحه "/franchise" را باز می‌کند
    Then مشتری به مسیر "/enter" می‌رسد
