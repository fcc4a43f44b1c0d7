@ui
Feature: مشتری دارای رژیم و صفحه انتخاب دوره
  select-package-c asks GET /lemonade/api/can-buy-diet; a customer whose paid diet is still running goes to /diets
  while the send-to-panel option (session sendToPanel, on by default) is on (spec 1 §2). FREE100 takes the whole
  price off, so finalizing pays the order; noRedirect=true skips the profile-order redirect its PROF diet would cause.

  @RG-22
  Scenario: مشتری دارای رژیم به خانه پنل فرستاده می‌شود
    Given مشتری با شماره "09121234567" وارد شده است
    And مشتری "09121234567" سفارشی از محصولات "101" ساخته است
    And مشتری "09121234567" کد تخفیف "FREE100" را روی سفارش "101" ثبت کرده است
    And مشتری "09121234567" سفارش "101" را نهایی کرده است
    When مشتری صفحه "/select-package-c?noRedirect=true" را باز می‌کند
    Then مشتری به مسیر "/diets" می‌رسد

  @RG-22
  Scenario: با sendToPanel=false مشتری دارای رژیم در صفحه انتخاب دوره می‌ماند
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/payment-success" را باز می‌کند
    And پاسخ سرور به "/lemonade/api/can-buy-diet" بدنه '{"canBuyDiet":false}' است
    And مشتری در همین صفحه به "/select-package-c?sendToPanel=false" می‌رود
    Then کارت محصول 112 انتخاب شده است
    And مشتری به آدرس "/select-package-c?sendToPanel=false" می‌رسد
