@ui
Feature: کارت رژیم در خانه پنل
  /diets shows the signed-in customer's diet package with its display state (spec 3 §4 "Active-diet display
  states") and the next step: after paying, the diet questions of the detailed form; once they are sent, the diet is
  being issued by the specialists.

  @DS-15
  Scenario: مشتری‌ای که رژیم خریده در خانه پنل به پرسش‌های رژیم فرستاده می‌شود
    Given مشتری "09121234567" دوره "101" را خریده است
    And مشتری با شماره "09121234567" وارد شده است
    When مشتری صفحه "/diets" را باز می‌کند
    Then متن "در حال پاسخ به سوالات" دیده می‌شود
    When بازدیدکننده دکمه "answer-questions" را می‌زند
    Then مشتری به مسیر "/form/f1" می‌رسد

  @DS-19
  Scenario: پس از تایید f10 خانه پنل می‌گوید رژیم در حال صدور توسط متخصصین است
    Given مشتری "09121234567" دوره "101" را خریده است
    And مشتری با شماره "09121234567" وارد شده است
    And در حافظه جلسه "diet_request_answers" برابر '{"gender":"FEMALE","age":34,"weight":72,"stature":165,"thyroid":"HYPO","marital":"SINGLE","education":"BACHELOR","blood":"O+","birthDate":"1991-03-21","job":"معلم","city":"تبریز"}' است
    When مشتری صفحه "/form/f10" را باز می‌کند
    And بازدیدکننده دکمه ادامه پرسشنامه را می‌زند
    And بازدیدکننده دکمه "diet-request-confirm" را می‌زند
    Then مشتری به مسیر "/finish" می‌رسد
    When مشتری صفحه "/diets" را باز می‌کند
    Then متن "در حال صدور توسط متخصصین" دیده می‌شود
    And بخش "answer-questions" دیده نمی‌شود
