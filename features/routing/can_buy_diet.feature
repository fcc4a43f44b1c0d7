@ui
Feature: مشتری دارای رژیم و صفحه انتخاب دوره
  select-package-c asks GET /lemonade/api/can-buy-diet; a customer who already has a diet goes to /diets while the
  send-to-panel option (session sendToPanel, on by default) is on (spec 1 §2). Until the diet panel issue the BFF
  answers true for everyone, so the browser's call is answered with false here.

  @RG-22
  Scenario: مشتری دارای رژیم به خانه پنل فرستاده می‌شود
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/payment-success" را باز می‌کند
    And پاسخ سرور به "/lemonade/api/can-buy-diet" بدنه '{"canBuyDiet":false}' است
    And مشتری در همین صفحه به "/select-package-c" می‌رود
    Then مشتری به مسیر "/diets" می‌رسد

  @RG-22
  Scenario: با sendToPanel=false مشتری دارای رژیم در صفحه انتخاب دوره می‌ماند
    Given مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/payment-success" را باز می‌کند
    And پاسخ سرور به "/lemonade/api/can-buy-diet" بدنه '{"canBuyDiet":false}' است
    And مشتری در همین صفحه به "/select-package-c?sendToPanel=false" می‌رود
    Then کارت محصول 112 انتخاب شده است
    And مشتری به آدرس "/select-package-c?sendToPanel=false" می‌رسد
