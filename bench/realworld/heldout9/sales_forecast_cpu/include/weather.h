#ifndef WEATHER_H
#define WEATHER_H

// weather of one day; mode 0 = archive, 1 = forecast (the forecast is noisier)
class Weather {
public:
    Weather(int *day, int mode);

    float get_temperature() const { return temperature; }
    float get_humidity() const { return humidity; }
    float getOs() const { return os; }
    float getWindSpeed() const { return wind; }

private:
    float temperature = 0;
    float humidity = 0;
    float os = 0;
    float wind = 0;
};

int dayOfMonth(int day);
int monthOf(int day);

#endif // WEATHER_H
